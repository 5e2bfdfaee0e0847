// Each TypeScript project checks its files against its own environment: a Node API in the renderer does not
// type-check under tsconfig.web.json, a DOM API in electron/ does not under tsconfig.node.json. The planted file
// is compiled from memory with the project's own options (nothing is written to the repository).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The diagnostics of `code` compiled alone as `file` (repository-relative) with the options of `project`. */
function diagnostics(project: string, file: string, code: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, project),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${project}`);
  const planted = path.join(root, file);
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    path.resolve(name) === planted
      ? ts.createSourceFile(name, code, version)
      : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === planted || fileExists(name);
  const program = ts.createProgram([planted], parsed.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

const NODE_CODE =
  "import { readFileSync } from 'node:fs';\nexport const home: string = readFileSync(process.cwd(), 'utf8');\n";
const DOM_CODE = 'export const title: string = document.title;\n';

describe('the web project (tsconfig.web.json)', () => {
  it('refuses a Node API in the renderer', () => {
    const found = diagnostics('tsconfig.web.json', 'renderer/planted-node-api.ts', NODE_CODE);
    expect(found.some((d) => d.startsWith('TS2307') && d.includes("'node:fs'"))).toBe(true);
    expect(found.some((d) => d.includes("'process'"))).toBe(true);
  });

  it('accepts the DOM', () => {
    expect(diagnostics('tsconfig.web.json', 'renderer/planted-dom.ts', DOM_CODE)).toEqual([]);
  });
});

describe('the node project (tsconfig.node.json)', () => {
  it('accepts Node', () => {
    expect(diagnostics('tsconfig.node.json', 'electron/core/planted-node.ts', NODE_CODE)).toEqual([]);
  });

  it('refuses the DOM in electron/', () => {
    const found = diagnostics('tsconfig.node.json', 'electron/core/planted-dom.ts', DOM_CODE);
    expect(found.some((d) => d.includes("'document'"))).toBe(true);
  });
});
