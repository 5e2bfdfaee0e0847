import { describe, expect, it } from 'vitest';

import { loopShape } from '../../../scripts/sass-loop-shape';

describe('loopShape', () => {
  it('run-length codes the loads and stores, with barriers and branches in place', () => {
    const sass = [
      '        /*0010*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;   /* 0x0 */',
      '        /*0020*/                   LDG.E.128 R8, desc[UR6][R8.64] ;   /* 0x0 */',
      '        /*0030*/                   LDG.E.128 R12, desc[UR6][R8.64+0x200] ;   /* 0x0 */',
      '        /*0040*/                   IADD3 R1, R1, 0x1, RZ ;   /* 0x0 */',
      '        /*0050*/                   STS.128 [R19], R8 ;   /* 0x0 */',
      '        /*0060*/               @!P1 BRA 0x590 ;   /* 0x0 */',
      '        /*0070*/                   BAR.ARV 0x1, 0xa0 ;   /* 0x0 */',
    ].join('\n');
    expect(loopShape(sass)).toBe('BL2 S1 JB');
  });
});
