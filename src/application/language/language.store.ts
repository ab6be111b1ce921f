import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { Language, LanguagePort } from '../ports/language.port';
import { ResyncParticipant } from '../workspace/resync-participant';

/** The workspace's languages (language/list): which have a language server, and which servers. */
@injectable()
export class LanguageStore implements ResyncParticipant {
  readonly family: ResyncFamily = 'languages';
  languages: readonly Language[] = [];

  constructor(@inject(LanguagePort) private readonly port: LanguagePort) {
    makeObservable(this, { languages: observable.ref, setLanguages: action });
  }

  setLanguages(languages: readonly Language[]): void {
    this.languages = languages;
  }

  byId(languageId: string): Language | undefined {
    return this.languages.find((l) => l.id === languageId);
  }

  /** The language of a workspace path, by extension or file-name glob ('Dockerfile'). */
  forPath(path: string): Language | undefined {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 ? name.slice(dot).toLowerCase() : undefined;
    return (
      this.languages.find((l) => l.globs.some((g) => globMatchesName(g, name))) ??
      (extension ? this.languages.find((l) => l.extensions.some((e) => e.toLowerCase() === extension)) : undefined)
    );
  }

  /** The server to address for a language, preferred first; undefined when it has none. */
  serverOf(languageId: string): string | undefined {
    const language = this.byId(languageId);
    return language?.hasLanguageServer ? language.languageServerIds[0] : undefined;
  }

  async resync(): Promise<void> {
    this.setLanguages(await this.port.list());
  }
}

/** A file-name glob of the catalog: literal names and '*' wildcards ('.env.*'). */
function globMatchesName(glob: string, name: string): boolean {
  const pattern = glob.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${pattern}$`).test(name);
}
