// The contract's result-file interfaces and the model's zod schemas describe the same file: each schema's output
// type equals its interface exactly (a field added, dropped or retyped on one side fails `npm run typecheck`, which
// checks this file), and the schema accepts the objects the interface describes.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';

import type * as Contract from '../../../electron/contract/result-file';
import * as S from '../../../electron/model/results/schema';
import { syntheticResult } from '../../fixtures/synthetic-result';

describe('result-file types (contract) = result-file schemas (model)', () => {
  it('every schema outputs exactly its contract interface', () => {
    expectTypeOf<z.infer<typeof S.StatsSchema>>().toEqualTypeOf<Contract.Stats>();
    expectTypeOf<z.infer<typeof S.LaunchSchema>>().toEqualTypeOf<Contract.Launch>();
    expectTypeOf<z.infer<typeof S.ClockSchema>>().toEqualTypeOf<Contract.Clock>();
    expectTypeOf<z.infer<typeof S.VerificationSchema>>().toEqualTypeOf<Contract.Verification>();
    expectTypeOf<z.infer<typeof S.RawSchema>>().toEqualTypeOf<Contract.RawSamples>();
    expectTypeOf<z.infer<typeof S.PointSchema>>().toEqualTypeOf<Contract.Point>();
    expectTypeOf<z.infer<typeof S.DeviceSchema>>().toEqualTypeOf<Contract.Device>();
    expectTypeOf<z.infer<typeof S.ProvenanceSchema>>().toEqualTypeOf<Contract.Provenance>();
    expectTypeOf<z.infer<typeof S.StoppingSchema>>().toEqualTypeOf<Contract.Stopping>();
    expectTypeOf<z.infer<typeof S.PlanSchema>>().toEqualTypeOf<Contract.Plan>();
    expectTypeOf<z.infer<typeof S.RatioSchema>>().toEqualTypeOf<Contract.Ratio>();
    expectTypeOf<z.infer<typeof S.SourceSchema>>().toEqualTypeOf<Contract.Source>();
    expectTypeOf<z.infer<typeof S.SanitizerReportSchema>>().toEqualTypeOf<Contract.SanitizerReport>();
    expectTypeOf<z.infer<typeof S.GpuProcessSchema>>().toEqualTypeOf<Contract.GpuProcess>();
    expectTypeOf<z.infer<typeof S.GpuSharingSchema>>().toEqualTypeOf<Contract.GpuSharing>();
    expectTypeOf<z.infer<typeof S.ResultFileSchema>>().toEqualTypeOf<Contract.ResultFile>();
    // The model re-exports the contract's types, so its importers see one type, not a copy.
    expectTypeOf<S.ResultFile>().toEqualTypeOf<Contract.ResultFile>();
  });

  it("the schema's format, version and units are the literals the contract types", () => {
    const file: Contract.ResultFile = syntheticResult();
    expect(S.ResultFileSchema.parse(file)).toEqual(file);
    const literals: Pick<Contract.ResultFile, 'format' | 'version' | 'units'> = {
      format: S.RESULT_FORMAT,
      version: S.RESULT_VERSION,
      units: S.RESULT_UNITS,
    };
    expect(literals).toEqual({ format: file.format, version: file.version, units: file.units });
  });
});
