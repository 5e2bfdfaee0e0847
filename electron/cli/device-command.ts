/** `syncbench device`: what the machine has, or why no GPU can be used. */
import { InvalidArgumentError, type Command } from 'commander';

import type { GpuTopology } from '../contract';
import type { MeasureBackend } from '../model/measure/backend';
import { createAddonBackend } from '../core/native/addon-backend';
import { coopLimit, deviceStatus } from '../core/measure/device';
import { pairSummary } from '../model/multi-gpu';
import { EXIT } from './exit-codes';

function bytes(n: number | null): string {
  if (n === null) return '—';
  const gib = n / 2 ** 30;
  return gib >= 1 ? `${gib.toFixed(1)} GiB` : `${(n / 2 ** 20).toFixed(1)} MiB`;
}

/** Registers `device [--json] [--threads n]`. */
export function registerDeviceCommand(program: Command): void {
  program
    .command('device')
    .description(
      'show the GPU(s), their limits and the cooperative co-resident limit, or why no GPU is usable',
    )
    .option('--json', 'print JSON')
    .option(
      '--threads <n>',
      'block size for the cooperative limit (1 to 1024)',
      (v) => {
        const n = Number(v);
        if (!/^\d+$/.test(v) || n < 1 || n > 1024) {
          throw new InvalidArgumentError(`'${v}' is not a block size; use a whole number from 1 to 1024`);
        }
        return n;
      },
      256,
    )
    .action(async (o: { json?: boolean; threads: number }) => {
      process.exitCode = await deviceCommand(createAddonBackend(), o);
    });
}

/** The topology section: every GPU pair with what multi_gpu can run on it, or why there is none; NCCL. */
export function topologyLines(t: GpuTopology): string[] {
  const lines = [`GPU pairs: ${t.note ?? `${t.pairs.length} pair(s) of ${t.gpuCount} GPUs`}`];
  for (const p of t.pairs) {
    lines.push(`  ${pairSummary(p)}`);
    const m = p.multiGpu;
    if (m.status === 'full') lines.push('    multi_gpu: every variant can run');
    else {
      lines.push(`    multi_gpu: ${m.status}; runs ${m.runs.join(', ') || 'nothing'}`);
      for (const r of m.refused) lines.push(`    not ${r.variant}: ${r.reason}`);
    }
  }
  const n = t.nccl;
  lines.push(`NCCL: ${n.state}${n.version ? ` (${n.version})` : ''}${n.reason ? `: ${n.reason}` : ''}`);
  return lines;
}

/** Prints the device status (text or JSON); returns the exit code (3 when no GPU is usable). */
export async function deviceCommand(
  backend: MeasureBackend,
  opts: { json?: boolean; threads?: number },
): Promise<number> {
  const status = await deviceStatus(backend);
  const limits: Array<{ how: string }> = [];
  if (status.available) {
    for (const d of status.devices) {
      limits.push(await coopLimit({ device: d.ordinal, threadsPerBlock: opts.threads ?? 256 }, backend));
    }
  }
  if (opts.json) {
    process.stdout.write(`${JSON.stringify({ ...status, cooperativeLimits: limits }, null, 2)}\n`);
    return status.available ? EXIT.ok : EXIT.noGpu;
  }
  const lines: string[] = [];
  lines.push(
    `addon: ${status.addon.loaded ? `loaded (CUDA ${status.addon.cudaRuntimeBuild}, architectures ${status.addon.architectures})` : 'not loaded'}`,
  );
  lines.push(`driver: ${status.driverVersion ?? '—'}   runtime: ${status.runtimeVersion ?? '—'}`);
  if (!status.available) {
    lines.push(`no usable GPU: ${status.reason}`);
  }
  status.devices.forEach((d, i) => {
    lines.push(
      `device ${d.ordinal}: ${d.name} (compute capability ${d.computeCapability}, ${d.smCount} SMs)`,
      `  SM clock max ${d.smClockMaxMHz ?? '—'} MHz, memory clock max ${d.memoryClockMaxMHz ?? '—'} MHz, bus ${d.memoryBusWidthBits ?? '—'} bits`,
      `  memory ${bytes(d.totalMemoryBytes)}, L2 ${bytes(d.l2CacheBytes)}`,
      `  max threads/block ${d.maxThreadsPerBlock}, threads/SM ${d.maxThreadsPerSm ?? '—'}, blocks/SM ${d.maxBlocksPerSm ?? '—'}`,
      `  shared memory/block ${bytes(d.sharedMemPerBlockBytes)} (opt-in ${bytes(d.sharedMemPerBlockOptinBytes)}), per SM ${bytes(d.sharedMemPerSmBytes)}`,
      `  registers/block ${d.registersPerBlock ?? '—'}, per SM ${d.registersPerSm ?? '—'}`,
      `  cooperative launch ${d.cooperativeLaunch ? 'yes' : 'no'}, cluster launch ${d.clusterLaunch ? 'yes' : 'no'}, ECC ${d.eccEnabled ? 'on' : 'off'}, PCI ${d.pciBusId ?? '—'}`,
      `  cooperative limit: ${limits[i]?.how ?? '—'}`,
    );
  });
  if (status.topology) lines.push(...topologyLines(status.topology));
  process.stdout.write(`${lines.join('\n')}\n`);
  return status.available ? EXIT.ok : EXIT.noGpu;
}
