/** ncu's CSV rows read as they stream: fields, chunks cut anywhere, the same profile as from the whole text. */
import { describe, expect, it } from 'vitest';

import { ncuFields, NcuRowStream, readNcuText } from '../../../electron/model/profile/ncu-rows';
import { OpcodePageReader } from '../../../electron/model/profile/opcode-page';
import { RawPageReader } from '../../../electron/model/profile/raw-page';
import { SourcePageReader, topStallLines } from '../../../electron/model/profile/source-page';
import { page } from './fixtures';

describe("ncu's rows", () => {
  it('splits quoted fields, keeps the quotes ncu does not double, reads bare fields', () => {
    expect(ncuFields('"ID","Kernel Name","Grid Size"')).toEqual(['ID', 'Kernel Name', 'Grid Size']);
    expect(ncuFields('"13","#include "example.cuh""\r')).toEqual(['13', '#include "example.cuh"']);
    expect(ncuFields('"1,024","(264, 1, 1)"')).toEqual(['1,024', '(264, 1, 1)']);
    expect(ncuFields('a,b')).toEqual(['a', 'b']);
  });

  it('reads a page pushed in chunks cut anywhere as the whole text, dropping ncu lines', () => {
    const text = `==PROF== Disconnected\n${page('block_reduce', 'raw')}`;
    const whole = readNcuText(text, new RawPageReader()).records();
    const reader = new RawPageReader();
    const stream = new NcuRowStream(reader);
    for (let i = 0; i < text.length; i += 997) stream.push(text.slice(i, i + 997));
    stream.end();
    expect(reader.records()).toEqual(whole);
    expect(whole.map((r) => r.kernel.split('(')[0])).toEqual(['reduce_syncthreads', 'reduce_shuffle']);
  });

  it('the opcode page gives each launch its mix; the raw page without instances gives none', () => {
    const mixes = readNcuText(page('block_reduce', 'opcodes'), new OpcodePageReader()).mixes();
    expect(mixes.get(0)?.get('BAR.SYNC.DEFER_BLOCKING')).toBe(5947392);
    expect(readNcuText(page('block_reduce', 'raw'), new OpcodePageReader()).mixes().size).toBe(0);
  });

  it('sums a source line over the launches ncu writes one block each', () => {
    const source = readNcuText(page('phases_kernels', 'source_cuda_sass'), new SourcePageReader()).result();
    const kernel = [...source.linesByKernel.keys()].find((k) => k.startsWith('phase1_kernel'));
    const top = topStallLines(source, kernel ?? '', 5);
    expect(new Set(top.map((l) => `${l.file}:${l.line}`)).size).toBe(top.length);
  });
});
