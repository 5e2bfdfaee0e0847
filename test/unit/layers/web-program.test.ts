// The web program (tsconfig.web.json: the renderer, the model, the contract) is type-checked without Node's types.
// "types": [] keeps @types/node out only until a file imports a package whose types reference it
// (`/// <reference types="node" />`, as @types/ws does); then every Node global type-checks in browser code. This
// lists the program's files, as tsc builds it, and fails when @types/node is among them, naming who pulls it in.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The program of tsconfig.web.json's .ts files (and `planted`, compiled from memory, when given). */
function webProgram(planted?: { file: string; code: string }): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.web.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('cannot read tsconfig.web.json');
  const host = ts.createCompilerHost(parsed.options);
  const plantedPath = planted ? path.join(root, planted.file) : undefined;
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    planted && path.resolve(name) === plantedPath
      ? ts.createSourceFile(name, planted.code, version)
      : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === plantedPath || fileExists(name);
  const roots = parsed.fileNames.filter((f) => f.endsWith('.ts'));
  return ts.createProgram(plantedPath ? [...roots, plantedPath] : roots, parsed.options, host);
}

/** The program's files from @types/node, each with the first file that imports or references it. */
function nodeTypes(program: ts.Program): string[] {
  const inNodeTypes = (f: string) => f.split(path.sep).join('/').includes('/node_modules/@types/node/');
  const found = program.getSourceFiles().filter((f) => inNodeTypes(f.fileName));
  if (found.length === 0) return [];
  const pullers = program
    .getSourceFiles()
    .filter((f) => !inNodeTypes(f.fileName))
    .filter(
      (f) =>
        f.typeReferenceDirectives.some((r) => r.fileName === 'node') ||
        (!f.fileName.includes('/node_modules/') && /['"]node:/.test(f.text)),
    )
    .map((f) => path.relative(root, f.fileName));
  return [`${found.length} files of @types/node, pulled in by: ${pullers.join(', ') || '(unknown)'}`];
}

describe('the web program', () => {
  it('contains no Node types', () => {
    const program = webProgram();
    expect(program.getSourceFiles().length).toBeGreaterThan(100);
    expect(nodeTypes(program), 'a package whose types reference Node is imported by browser code').toEqual(
      [],
    );
  });

  it('would contain them if a model file imported a package whose types reference Node', () => {
    const program = webProgram({
      file: 'electron/model/modes/planted-ws.ts',
      code: "import type { WebSocket } from 'ws';\nexport type Socket = WebSocket;\n",
    });
    const found = nodeTypes(program);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/pulled in by: .*@types\/ws\/index\.d\.m?ts/);
  });
});
