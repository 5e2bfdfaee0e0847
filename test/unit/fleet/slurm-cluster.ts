/**
 * A one-node Slurm cluster on localhost for the fleet integration test (slurm-integration.test.ts): munged with its
 * own socket and a copy of the system's key, slurmctld and slurmd in the foreground as this test's children, with
 * their own configuration, state and free ports in a temporary folder, and two GPU generic resources backed by
 * character devices made for the test (the node has no GPU; the tasks find none). Needs Debian's slurm-wlm and
 * munge (scripts/setup.sh installs them) and root.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';

const TOOLS = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'sinfo'];
const MUNGE_KEY = '/etc/munge/munge.key';

/** Why the cluster cannot run here, or null when it can. */
export function slurmMissing(): string | null {
  const absent = TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
  if (absent.length > 0)
    return `${absent.join(', ')} not installed (bash scripts/setup.sh installs slurm-wlm and munge)`;
  if (!existsSync(MUNGE_KEY)) return `${MUNGE_KEY} is missing (reinstall munge)`;
  if (process.getuid?.() !== 0) return 'the test cluster runs its daemons as root';
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface SlurmCluster {
  dir: string;
  /** The environment every Slurm command of the test needs (SLURM_CONF). */
  env: NodeJS.ProcessEnv;
  /** Stops the daemons (SIGTERM, SIGKILL after 10 s) and resolves once they have exited. */
  stop: () => Promise<void>;
}

function stopped(d: ChildProcess): Promise<void> {
  if (d.exitCode !== null || d.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => d.kill('SIGKILL'), 10_000);
    d.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    d.kill('SIGTERM');
  });
}

function config(dir: string, host: string, ports: number[]): string {
  return [
    'ClusterName=syncbench-test',
    `SlurmctldHost=${host}(127.0.0.1)`,
    'SlurmUser=root',
    'SlurmdUser=root',
    `SlurmctldPort=${ports[0]}`,
    `SlurmdPort=${ports[1]}`,
    'AuthType=auth/munge',
    `AuthInfo=socket=${dir}/munge.socket`,
    'CredType=cred/munge',
    `StateSaveLocation=${dir}/state`,
    `SlurmdSpoolDir=${dir}/spool`,
    `SlurmctldPidFile=${dir}/slurmctld.pid`,
    `SlurmdPidFile=${dir}/slurmd.pid`,
    `SlurmctldLogFile=${dir}/slurmctld.log`,
    `SlurmdLogFile=${dir}/slurmd.log`,
    'ProctrackType=proctrack/linuxproc',
    'TaskPlugin=task/none',
    'MpiDefault=none',
    'ReturnToService=2',
    'SchedulerType=sched/builtin',
    'SelectType=select/cons_tres',
    'SelectTypeParameters=CR_Core',
    'GresTypes=gpu',
    'JobCompType=jobcomp/none',
    'AccountingStorageType=accounting_storage/none',
    `NodeName=${host} NodeAddr=127.0.0.1 CPUs=${Math.max(2, os.cpus().length)} Gres=gpu:2 State=UNKNOWN`,
    `PartitionName=test Nodes=${host} Default=YES MaxTime=INFINITE State=UP`,
    '',
  ].join('\n');
}

/** Starts the cluster and resolves once its node is idle. @throws Error with the daemons' logs' folder. */
export async function startSlurmCluster(dir: string): Promise<SlurmCluster> {
  const host = os.hostname().split('.')[0] as string;
  for (const sub of ['state', 'spool', 'munge']) mkdirSync(join(dir, sub), { recursive: true, mode: 0o700 });
  copyFileSync(MUNGE_KEY, join(dir, 'munge', 'key'));
  chmodSync(join(dir, 'munge', 'key'), 0o400);
  for (const i of [0, 1]) {
    // Slurm wants a device file per GPU; these are /dev/null's numbers (a plain file only draws an error line).
    const device = join(dir, `gpu${i}`);
    if (spawnSync('mknod', [device, 'c', '1', '3']).status !== 0) writeFileSync(device, '');
  }
  writeFileSync(join(dir, 'gres.conf'), `NodeName=${host} Name=gpu File=${dir}/gpu[0-1]\n`);
  const conf = join(dir, 'slurm.conf');
  writeFileSync(conf, config(dir, host, [await freePort(), await freePort()]));
  const env = { ...process.env, SLURM_CONF: conf };
  const daemons: ChildProcess[] = [];
  const start = (cmd: string, args: string[]) => daemons.push(spawn(cmd, args, { env, stdio: 'ignore' }));
  const m = join(dir, 'munge');
  start('munged', [
    '-F',
    '-f',
    `--socket=${dir}/munge.socket`,
    `--key-file=${m}/key`,
    `--log-file=${m}/log`,
    `--pid-file=${m}/pid`,
    `--seed-file=${m}/seed`,
  ]);
  await waitFor(() => existsSync(join(dir, 'munge.socket')), 10_000, 'munged did not create its socket');
  start('slurmctld', ['-D', '-i', '-f', conf]);
  start('slurmd', ['-D', '-N', host, '-f', conf]);
  const stop = async () => {
    for (const d of [...daemons].reverse()) await stopped(d);
  };
  try {
    await waitFor(
      () => spawnSync('sinfo', ['-h', '-o', '%T'], { env, encoding: 'utf8' }).stdout.trim() === 'idle',
      60_000,
      `the test node did not become idle (logs in ${dir})`,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { dir, env, stop };
}

async function waitFor(ready: () => boolean, timeoutMs: number, message: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > until) throw new Error(message);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs a command with the cluster's environment; resolves to its exit code and output. */
export function inCluster(
  cluster: SlurmCluster,
  cmd: string,
  args: string[],
  cwd: string,
): { status: number | null; output: string } {
  try {
    const output = execFileSync(cmd, args, {
      env: cluster.env,
      cwd,
      encoding: 'utf8',
      timeout: 240_000,
      stdio: 'pipe',
    });
    return { status: 0, output };
  } catch (err) {
    const e = err as { status: number | null; stdout?: string; stderr?: string };
    return { status: e.status, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}
