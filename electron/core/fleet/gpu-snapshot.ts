/**
 * The GPU's state before and after a task (docs/fleet.md#what-a-task-records): UUID, PCI bus id, driver, VBIOS,
 * ECC mode, SM and memory clocks, power draw and temperature, read with the driver's own `nvidia-smi --query-gpu`
 * (the addon's NVML query has the clocks, ECC and PCI bus id but not the UUID, VBIOS, power or temperature). Every
 * field needs a GPU and its driver; without them the snapshot is null and the reason says why.
 */
import { execFile } from 'node:child_process';

import type { GpuSnapshot } from '../../model/fleet/task-schema';

/** nvidia-smi's query fields, in the order parseSnapshot reads them. */
export const SNAPSHOT_FIELDS = [
  'uuid',
  'pci.bus_id',
  'name',
  'driver_version',
  'vbios_version',
  'ecc.mode.current',
  'clocks.sm',
  'clocks.mem',
  'power.draw',
  'temperature.gpu',
] as const;

const missing = (v: string | undefined): boolean => v === undefined || v === '' || /^\[.*\]$|^N\/A$/i.test(v);
const text = (v: string | undefined): string | null => (missing(v) ? null : (v as string));
const number = (v: string | undefined): number | null => {
  const n = missing(v) ? NaN : Number.parseFloat(v as string);
  return Number.isFinite(n) ? n : null;
};

/**
 * One line of `nvidia-smi --query-gpu=<SNAPSHOT_FIELDS> --format=csv,noheader,nounits` as a snapshot ("[N/A]",
 * "N/A" and "[Not Supported]" become null). @throws Error when the line does not have one value per field.
 */
export function parseSnapshot(line: string, readAt: Date): GpuSnapshot {
  const v = line.split(',').map((s) => s.trim());
  if (v.length !== SNAPSHOT_FIELDS.length) {
    throw new Error(
      `nvidia-smi gave ${v.length} values, expected ${SNAPSHOT_FIELDS.length}: ${line.slice(0, 200)}`,
    );
  }
  return {
    readAt: readAt.toISOString(),
    uuid: text(v[0]),
    pciBusId: text(v[1]),
    name: text(v[2]),
    driverVersion: text(v[3]),
    vbiosVersion: text(v[4]),
    eccMode: text(v[5]),
    smClockMHz: number(v[6]),
    memoryClockMHz: number(v[7]),
    powerDrawW: number(v[8]),
    temperatureC: number(v[9]),
  };
}

/**
 * Reads GPU `ordinal` as this process sees it (nvidia-smi numbers GPUs by PCI order, CUDA by CUDA_DEVICE_ORDER;
 * under Slurm and Kubernetes the task sees one GPU, so both are 0; CUDA_VISIBLE_DEVICES is honoured by naming the
 * GPU it lists). Resolves to the snapshot or to the reason there is none; never rejects.
 */
export function readGpuSnapshot(
  ordinal: number,
  command = process.env.SYNCBENCH_NVIDIA_SMI ?? 'nvidia-smi',
): Promise<{ snapshot: GpuSnapshot | null; problem: string | null }> {
  const visible = process.env.CUDA_VISIBLE_DEVICES?.split(',')[ordinal]?.trim();
  const id = visible && visible !== '' ? visible : String(ordinal);
  const args = [`--query-gpu=${SNAPSHOT_FIELDS.join(',')}`, '--format=csv,noheader,nounits', `--id=${id}`];
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 20_000 }, (err, stdout, stderr) => {
      if (err) {
        const why =
          (err as NodeJS.ErrnoException).code === 'ENOENT'
            ? `${command} not found (no NVIDIA driver)`
            : `${command} failed: ${(stderr || stdout || err.message).trim().slice(0, 300)}`;
        resolve({ snapshot: null, problem: why });
        return;
      }
      try {
        resolve({ snapshot: parseSnapshot(stdout.trim().split('\n')[0] ?? '', new Date()), problem: null });
      } catch (parseErr) {
        resolve({ snapshot: null, problem: (parseErr as Error).message });
      }
    });
  });
}
