import { describe, expect, it } from 'vitest';

import { CLI_FLAG, cliArgs } from '../../../electron/main/cli-mode';

describe('the packaged app as the `syncbench` CLI', () => {
  it('runs the CLI only when the launcher passed the flag, with everything after it', () => {
    expect(cliArgs(['/opt/Sync Workbench/sync-workbench'])).toBeNull();
    expect(cliArgs(['/opt/app/sync-workbench', 'run.syncbench.json'])).toBeNull();
    expect(
      cliArgs([
        '/opt/app/sync-workbench',
        '--no-sandbox',
        '--ozone-platform=headless',
        '--disable-gpu',
        CLI_FLAG,
        '--',
        'device',
        '--json',
      ]),
    ).toEqual(['device', '--json']);
    expect(cliArgs(['exe', CLI_FLAG, 'run', '--mode', 'sweep', '--', 'x'])).toEqual([
      'run',
      '--mode',
      'sweep',
      '--',
      'x',
    ]);
    expect(cliArgs(['exe', CLI_FLAG])).toEqual([]);
  });
});
