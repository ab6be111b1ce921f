import { SharedDocuments } from '../../../../src/domain/language/shared-documents';

const uri = 'file:///src/a.ts';
const doc = (text: string, version = 1) => ({ uri, languageId: 'typescript', version, text });
const insertAt0 = (text: string) => [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text }];

describe('SharedDocuments', () => {
  it('opens a document on the server once, however many clients open it', () => {
    const docs = new SharedDocuments();
    expect(docs.open('a', doc('x'))).toEqual([{ kind: 'open', document: doc('x') }]);
    expect(docs.open('b', doc('x'))).toEqual([]);
    expect(docs.size).toBe(1);
  });

  it('forwards only the owner’s changes, so an edit every client reports reaches the server once', () => {
    const docs = new SharedDocuments();
    docs.open('a', doc('x'));
    docs.open('b', doc('x'));
    expect(docs.change('a', uri, 2, insertAt0('1'))).toEqual([{ kind: 'change', uri, version: 2, contentChanges: insertAt0('1') }]);
    expect(docs.change('b', uri, 2, insertAt0('1'))).toEqual([]);
    expect(docs.textOf(uri)).toBe('1x');
  });

  it('closes on the server only when the last client closed it', () => {
    const docs = new SharedDocuments();
    docs.open('a', doc('x'));
    docs.open('b', doc('x'));
    expect(docs.close('b', uri)).toEqual([]);
    expect(docs.close('a', uri)).toEqual([{ kind: 'close', uri }]);
    expect(docs.size).toBe(0);
  });

  it('hands the document to the next client when the owner closes, syncing the server to its text if it differs', () => {
    const docs = new SharedDocuments();
    docs.open('a', doc('x'));
    docs.open('b', doc('x'));
    docs.change('a', uri, 2, insertAt0('1')); // b has not seen it yet
    expect(docs.close('a', uri)).toEqual([{ kind: 'change', uri, version: 3, contentChanges: [{ text: 'x' }] }]);
    expect(docs.ownerOf(uri)).toBe('b');
    expect(docs.change('b', uri, 2, insertAt0('1'))).toEqual([{ kind: 'change', uri, version: 4, contentChanges: insertAt0('1') }]);
  });

  it('hands over silently when the next client has the same text', () => {
    const docs = new SharedDocuments();
    docs.open('a', doc('x'));
    docs.open('b', doc('x'));
    expect(docs.close('a', uri)).toEqual([]);
  });

  it('closes everything a leaving client had open', () => {
    const docs = new SharedDocuments();
    docs.open('a', doc('x'));
    docs.open('a', { ...doc('y'), uri: 'file:///b.ts' });
    docs.open('b', { ...doc('y'), uri: 'file:///b.ts' });
    expect(docs.closeAll('a')).toEqual([{ kind: 'close', uri }]);
    expect(docs.ownerOf('file:///b.ts')).toBe('b');
  });

  it('ignores changes and closes of documents a client did not open', () => {
    const docs = new SharedDocuments();
    docs.open('a', doc('x'));
    expect(docs.change('b', uri, 2, insertAt0('1'))).toEqual([]);
    expect(docs.close('b', uri)).toEqual([]);
    expect(docs.textOf(uri)).toBe('x');
  });

  it('turns a second didOpen of the owner into a full change when the text differs', () => {
    const docs = new SharedDocuments();
    docs.open('a', doc('x', 5));
    expect(docs.open('a', doc('y', 1))).toEqual([{ kind: 'change', uri, version: 6, contentChanges: [{ text: 'y' }] }]);
  });

  it('reopens every document with the owner’s text and the last version for a new server process', () => {
    const docs = new SharedDocuments();
    docs.open('a', doc('x'));
    docs.change('a', uri, 7, insertAt0('1'));
    expect(docs.reopenAll()).toEqual([{ kind: 'open', document: { uri, languageId: 'typescript', version: 7, text: '1x' } }]);
  });
});
