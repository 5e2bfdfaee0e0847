#include "gpu_processes.h"

#include "errors.h"

namespace sb {

Napi::Value GpuProcessesToJs(Napi::Env env, const GpuProcessList &list) {
  if (!list.ok) return env.Null();
  Napi::Object o = Napi::Object::New(env);
  o.Set("ownPid", static_cast<double>(OwnPid()));
  o.Set("ownPidSeen", Napi::Boolean::New(env, list.own_seen));
  Napi::Array out = Napi::Array::New(env, list.processes.size());
  for (size_t i = 0; i < list.processes.size(); ++i) {
    const GpuProcess &p = list.processes[i];
    Napi::Object js = Napi::Object::New(env);
    js.Set("pid", static_cast<double>(p.pid));
    js.Set("name", p.name);
    js.Set("usedMemoryBytes",
           p.used_bytes >= 0 ? Napi::Value(Napi::Number::New(env, static_cast<double>(p.used_bytes))) : env.Null());
    out.Set(static_cast<uint32_t>(i), js);
  }
  o.Set("processes", out);
  return o;
}

Napi::Value GpuProcesses(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsString())
    Throw(env, "SB_INVALID", "gpuProcesses(pciBusId: string), e.g. gpuProcesses('0000:1b:00.0')");
  return GpuProcessesToJs(env, ReadNvmlProcesses(info[0].As<Napi::String>().Utf8Value()));
}

}  // namespace sb
