/**
 * Where a price or a quoted figure comes from: a measurement on this machine, a reference dataset, or a
 * publication. A leaf (zod only), so that the figures (figures.ts) and the cost shapes (cost-types.ts) share it.
 */
import { z } from 'zod';

export const COST_SOURCE_KINDS = ['measured', 'reference', 'published'] as const;

/** The result a price comes from, as a list names it (format/run-line.ts). */
const DatasetSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  createdAt: z.string().min(1),
  mode: z.string().min(1),
  deviceName: z.string().nullable(),
});

export const SourceSchema = z.strictObject({
  kind: z.enum(COST_SOURCE_KINDS),
  /** The result as a list names it (format/run-line.ts runLine), or a publication. */
  where: z.string().min(1),
  /** The result, for a shell that names it in its own words (the Results view's runLine). */
  dataset: DatasetSchema.optional(),
});
/** Where a price (or a quoted figure) comes from. */
export type CostSource = z.infer<typeof SourceSchema>;
