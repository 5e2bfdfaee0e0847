// run_worker.h — startRun(points, onEvent): measures a list of points on a worker thread.
//
// JS: const handle = addon.startRun(points, onEvent)
//   points:  [{ device, peerDevice?, workload, param, baseline?: { workload, param }, unitsPerIter, launch: {
//   gridBlocks,
//              threadsPerBlock, clusterSize, dynamicSmemBytes }, itersLo, itersHi, warmup, minReps, maxReps,
//              minTimeMs, maxTimeMs, targetRelCi, allowUnsafe }]
//            peerDevice (GPU B) makes it a multi-GPU point: `workload` is then an id of sb_pair_abi.h's table and
//            the point runs on the pair's own context (native/src/contexts.h), with no baseline.
//   onEvent: called on the JS thread, in order, with { type: 'point-start', index } and
//            { type: 'point', index, result } (result: the raw samples of point_runner.h, camelCased)
//   handle:  { cancel(): void, done: Promise<{ status: 'complete' | 'cancelled', pointsDone }> }
//            done rejects with a coded error (errors.h) carrying `point` (the index that failed).
// The JS thread is never blocked. cancel() takes effect between repetitions of a point and between points.
// One run at a time per process: a second startRun while one is running throws SB_BUSY.
#pragma once

#include <napi.h>

namespace sb {

Napi::Value StartRun(const Napi::CallbackInfo &info);

}  // namespace sb
