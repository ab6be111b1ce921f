/**
 * The initialize request the bridge sends once per server process, for all the workspace's clients. The
 * capabilities are those of Bullpen's editor (Monaco): generous, so that every client gets every feature.
 */
export const BRIDGE_CLIENT_CAPABILITIES = {
  general: { positionEncodings: ['utf-16'], markdown: { parser: 'marked', version: '1.1.0' } },
  window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: true } }, showDocument: { support: true } },
  workspace: {
    applyEdit: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'], failureHandling: 'textOnlyTransactional' },
    configuration: true,
    workspaceFolders: true,
    didChangeConfiguration: { dynamicRegistration: false },
    didChangeWatchedFiles: { dynamicRegistration: false },
    symbol: { dynamicRegistration: false },
    executeCommand: { dynamicRegistration: false },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: true, willSave: false, willSaveWaitUntil: false },
    completion: {
      contextSupport: true,
      completionItem: {
        snippetSupport: true,
        commitCharactersSupport: true,
        documentationFormat: ['markdown', 'plaintext'],
        deprecatedSupport: true,
        preselectSupport: true,
        tagSupport: { valueSet: [1] },
        insertReplaceSupport: true,
        labelDetailsSupport: true,
        resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] },
      },
      completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode'] },
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    signatureHelp: {
      contextSupport: true,
      signatureInformation: { documentationFormat: ['markdown', 'plaintext'], parameterInformation: { labelOffsetSupport: true }, activeParameterSupport: true },
    },
    declaration: { linkSupport: true },
    definition: { linkSupport: true },
    typeDefinition: { linkSupport: true },
    implementation: { linkSupport: true },
    references: {},
    documentHighlight: {},
    documentSymbol: { hierarchicalDocumentSymbolSupport: true, labelSupport: true },
    codeAction: {
      isPreferredSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ['edit'] },
      codeActionLiteralSupport: {
        codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports', 'source.fixAll'] },
      },
    },
    codeLens: {},
    documentLink: { tooltipSupport: true },
    colorProvider: {},
    formatting: {},
    rangeFormatting: {},
    onTypeFormatting: {},
    rename: { prepareSupport: true },
    publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] }, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
    foldingRange: { lineFoldingOnly: true },
    selectionRange: {},
    linkedEditingRange: {},
    callHierarchy: {},
    inlayHint: {},
  },
};

export function initializeParams(rootDir: string, rootUri: string, initializationOptions: unknown): object {
  return {
    processId: null,
    clientInfo: { name: 'Bullpen' },
    locale: 'en',
    rootPath: rootDir,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'workspace' }],
    capabilities: BRIDGE_CLIENT_CAPABILITIES,
    initializationOptions,
    trace: 'off',
  };
}
