/** The GPU pairs of a machine and what the multi_gpu mode can run on them. */
export { linkOf, ONE_GPU_NOTE, pairSummary, topologyOf } from './topology';
export { pairName, pairSupport, variant, VARIANTS, type VariantDef } from './variants';
