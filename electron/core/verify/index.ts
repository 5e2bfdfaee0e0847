/** Assembles the self-test: which checks run on this machine (GPU checks only with a usable GPU). */
import type { MeasureBackend } from '../../model/measure/backend';
import { resolveDevice } from '../measure/device';
import { loadAddon } from '../native/load-addon';
import { chapterChecks } from './chapter-checks';
import type { Check } from './checks';
import { methodChecks } from './method-checks';
import { profileCheck } from './profile-check';
import type { SanitizerHost } from './sanitizer';
import { checkSass, dumpSass, type SassFinding } from './sass-check';

/** What a failed SASS finding lacks, for the self-test's detail line. */
function sassProblem(f: SassFinding): string {
  const copies =
    f.backToBack && f.backToBack.fewestCopies < f.backToBack.required
      ? `, ${f.backToBack.fewestCopies} of ${f.backToBack.required} copies between the clock reads`
      : '';
  return `${f.workload} (${f.expected}, ${f.functions} functions${copies})`;
}
import { scopeChecks } from './scope-checks';
import { sharingChecks } from './sharing-checks';

/** Checks that need no GPU: the addon loads (or says why not) and answers the device query sensibly. */
export function hostChecks(backend: MeasureBackend): Check[] {
  return [
    {
      id: 'addon',
      title: 'the native addon loads, or says why it cannot',
      run: async () => {
        const s = await backend.addonStatus();
        return {
          ok: s.loaded || (s.reason !== null && s.reason.length > 20),
          detail: s.loaded
            ? `loaded: CUDA ${s.cudaRuntimeBuild}, architectures ${s.architectures}`
            : (s.reason ?? ''),
          figures: {},
        };
      },
    },
  ];
}

/**
 * The GPU checks for device `ordinal` (chapter, disassembly, scopes, method, and a profile under Nsight Compute,
 * skipped without it); `host` starts the CLI for the compute-sanitizer targets. Rejects with PlanError when there
 * is no usable GPU.
 */
export async function gpuChecks(
  backend: MeasureBackend,
  host: SanitizerHost | null,
  ordinal = 0,
): Promise<Check[]> {
  const { device } = await resolveDevice(backend, ordinal);
  const workloads = await backend.workloads();
  const arch = `sm_${device.computeCapability.replace('.', '')}`;
  const sass: Check = {
    id: 'sass',
    title:
      `every kernel's ${arch} SASS contains its barrier/fence/atomic instruction, U copies back to back between ` +
      `the clock reads around the body (cuobjdump)`,
    run: async () => {
      const file = loadAddon().path;
      const listing = file ? dumpSass(file, arch) : null;
      if (!listing)
        return { ok: null, detail: 'cuobjdump is not on the PATH (or failed): skipped', figures: {} };
      // Workloads above this device's compute capability are compiled as a trap here (kernels/hopper.cuh).
      const cc = Math.round(Number(device.computeCapability) * 10);
      const findings = checkSass(
        listing,
        workloads.filter((w) => w.minCc <= cc),
      );
      const bad = findings.filter((f) => !f.ok);
      return {
        ok: bad.length === 0,
        detail: bad.length
          ? `missing in: ${bad.map(sassProblem).join('; ')}`
          : `${findings.length} workloads checked`,
        figures: Object.fromEntries(
          findings.map((f) => [
            f.workload,
            f.ok ? (f.backToBack ? `ok, ${f.backToBack.fewestCopies} copies` : 'ok') : 'MISSING',
          ]),
        ),
      };
    },
  };
  return [
    ...chapterChecks(backend, device, workloads),
    sass,
    ...scopeChecks(backend, device),
    ...sharingChecks(backend, device, host),
    ...methodChecks(backend, host),
    profileCheck(),
  ];
}
