import { languageOf } from '../../../../src/domain/editor/language-of';

describe('languageOf', () => {
  it.each([
    ['src/index.js', 'javascript'],
    ['src/App.jsx', 'javascript'],
    ['src/index.ts', 'typescript'],
    ['src/App.tsx', 'typescript'],
    ['package.json', 'json'],
    ['README.md', 'markdown'],
    ['styles/main.css', 'css'],
    ['styles/main.scss', 'scss'],
    ['styles/main.less', 'less'],
    ['index.html', 'html'],
    ['.github/workflows/ci.yaml', 'yaml'],
    ['docker-compose.yml', 'yaml'],
    ['main.py', 'python'],
    ['src/main.rs', 'rust'],
    ['main.go', 'go'],
    ['scripts/build.sh', 'shell'],
    ['Dockerfile', 'dockerfile'],
    ['.devcontainer/Dockerfile', 'dockerfile'],
    ['Dockerfile.dev', 'dockerfile'],
    ['api.dockerfile', 'dockerfile'],
  ])('maps %s to %s', (path, language) => {
    expect(languageOf(path)).toBe(language);
  });

  it('ignores the case of the extension', () => {
    expect(languageOf('README.MD')).toBe('markdown');
  });

  it.each(['LICENSE', 'notes.txt', '.gitignore', 'src/', 'archive.tar.gz', 'constructor', 'x.constructor', 'x.toString'])(
    'falls back to plaintext for %s',
    (path) => {
      expect(languageOf(path)).toBe('plaintext');
    },
  );
});
