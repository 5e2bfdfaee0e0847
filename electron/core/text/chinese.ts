/**
 * The Simplified Chinese of every coded host message (the contract's HostText), by code, as english.ts has the
 * English: the renderer's zh-CN messages (renderer/i18n/messages/zh-CN.ts `hostText`) are this object, and the
 * host words its Chinese reports with it (electron/core/format/report-words-zh-cn.ts), so both say the same
 * (test/unit/renderer/i18n/messages.test.ts checks its keys and placeholders against HOST_TEXT_EN). `{name}` is a
 * parameter; `list` separates the items of a list.
 */
export const HOST_TEXT_ZH_CN = {
  list: '、',
  import: {
    added: '{file}：已导入为“{name}”。',
    alreadyInLibrary: '{file}：已在结果库中，名为“{name}”（id {id}）；未导入任何内容。',
    alreadyReference: '{file}：已作为参考数据集“{name}”存在（id {id}）；未导入任何内容。',
    newId: '{file}：已导入为“{name}”，使用新 id {id}，因为{why}。',
    whyBadId: '它的 id“{id}”不能用作文件名',
    whyReference: '它的 id“{id}”是只读参考数据集“{name}”的 id',
    whyTaken: '结果库中已有另一个 id 为“{id}”的结果',
    badName: '{file}：name（名称）：{problem}；请在文件中改正名称后重新导入。',
  },
  resultFile: {
    tooLarge: '{file}：文件大小为 {size}；结果文件最大为 {limit}。',
    size: '{mib} MiB（{bytes} 字节）',
    notUtf8:
      '{file}：不是 UTF-8 文本：字节偏移 {offset} 处（第 {line} 行）有无效字节 0x{hex}。结果文件须为 UTF-8 编码的 JSON。',
    notUtf8Bom:
      '{file}：不是 UTF-8 文本：字节偏移 {offset} 处（第 {line} 行）有无效字节 0x{hex}。文件以 UTF-16 字节顺序标记（BOM）开头：请另存为 UTF-8。结果文件须为 UTF-8 编码的 JSON。',
    empty: '{file}：文件为空；结果文件应是一个 JSON 对象。',
    notJson: '{file}：不是有效的 JSON：{detail}。',
    notJsonAt: '{file}：第 {line} 行第 {column} 列不是有效的 JSON：{what}。',
    truncated: 'JSON 提前结束（文件被截断）',
    unexpected: '意外的字符 {char}',
    unexpectedAfterEnd: 'JSON 结束之后出现意外的字符 {char}',
    notObject: '{file}：不是 Sync Workbench 结果文件：该 JSON 是 {what}，而不是对象。',
    wrongFormat: '{file}：format：应为“{expected}”，实际为 {got}：这不是 Sync Workbench 结果文件。',
    versionNotWhole:
      '{file}：version：应为整数（此版本 Sync Workbench 读取格式版本 {readable}），实际为 {got}。',
    versionNewer:
      '{file}：version：文件的结果文件格式版本为 {version}，由更新版本的 Sync Workbench 生成；此版本最高只能读取版本 {readable}。请更新 Sync Workbench 后再打开。',
    versionUnknown:
      '{file}：version：此版本 Sync Workbench 不认识结果文件格式版本 {version}（它读取版本 {readable}）。',
    versionRange: '{oldest} 至 {target}',
    wrongUnits:
      '{file}：units.{key}：应为“{expected}”（{meaning}），实际为 {got}。Sync Workbench 不读取其他单位。',
    unitPerSync: '以纳秒计的每次同步时间',
    unitCycles: 'SM 时钟周期',
    unitWholeKernel: '以毫秒计的整个内核时间',
    unitClock: '以兆赫计的时钟频率',
    invalid: '{file}：结果文件无效：{detail}',
    notBase64: '{file}：内容不是有效的 base64。',
  },
  addon: {
    notBuilt:
      '原生插件（syncbench.node）未构建：构建应用时缺少 CUDA 编译器（nvcc），因此此安装无法测量。请在装有 CUDA 工具包的机器上运行 `npm run build:native` 构建它，或把 SYNCBENCH_ADDON 设为它的路径。',
    withNote: '{reason}{note}',
    glibc:
      '在 Linux 上，随附的插件需要 glibc {floor} 或更新版本（Ubuntu 22.04、RHEL 9、Debian 12 或更新）；在更旧的系统上，请在该系统上用 `npm run build:native` 构建。',
    macos: 'macOS 没有 CUDA：在 Mac 上，Sync Workbench 可以打开回放、报告和决策向导，但不进行任何测量。',
    loadFailed: '无法加载位于 {file} 的原生插件：{message}',
    oldGlibc: '{reason} 此系统的 C 库版本过旧。{note}',
    stale:
      '位于 {file} 的原生插件已过时：它由{built}构建，而本应用来自 {expected}…。该插件不会被使用。请用 `npm run build:native` 重新构建。',
    sources: '源码 {hash}… ',
    unknownSources: '未知源码',
  },
  run: {
    busy: '已有一次运行正在进行：请取消它，或等它结束。',
    notFound: '没有 id 为 {id} 的运行正在进行。',
    failed: '运行出错：{detail}',
    unknownFailure: '运行失败',
    contextLostRestarted: '{detail} CUDA 上下文已丢失；测量进程已重启。',
    contextLostRestartApp: '{detail} CUDA 上下文已丢失；再次测量前请重启应用。',
    stickyRestart: '一个粘滞的 CUDA 错误破坏了 CUDA 上下文',
  },
  worker: {
    crashed: '测量进程{reason}。',
    crashedRestarted: '测量进程{reason}；它已重启。',
    crashedBackoff:
      '测量进程{reason}；它在 {window}内崩溃了 {count} 次，因此将在 {delay}后重启，而不是立即重启。',
    notStarted: '未在 {seconds} 秒内启动',
    noAnswer: '未在 {seconds} 秒内回应 {method}',
    silent: '在运行中 {seconds} 秒没有报告，已被结束',
    cancelKilled: '在“取消”后 {grace}内没有停止（GPU 仍在忙），因此被强制结束',
    killedBySignal: '被信号 {signal} 终止',
    couldNotStart: '无法启动',
    exited: '意外退出（退出码 {code}）',
    restartedBecause: '测量进程已重启：{reason}。',
    restartedTryAgain: '测量进程已重启；请重试。',
    closing: '应用正在关闭；测量进程已结束。',
    shutDown: '测量进程已随应用关闭。',
    crashLoop: '测量进程在 {window}内崩溃了 {count} 次；将在 {left}后重启。',
    noGpuUntilStarted: '{reason} 在它启动之前无法使用 GPU。',
    seconds: '{value} 秒',
  },
  serve: {
    busyServer: '进行中的调用过多（此服务器上 {max} 个）：请重试。',
    busyCalls: '进行中的调用过多（{which}）：请等收到回复后再发送。',
    onConnection: '此连接上 {max} 个',
    onServer: '此服务器上 {max} 个',
    noFileName: '请在 {header} 标头中给出文件名（URI 编码），例如 "sweep.json"。',
    fileNameNotEncoded: '{header} 标头不是 URI 编码的文本：请用 encodeURIComponent 编码文件名。',
    overLimit: '文件超过 {limit}，即可接受的最大结果文件。',
    upload: '上传的文件',
    wrongType: '请以 {type} 发送文件的字节。',
    importFailed: '导入失败：{detail}',
  },
  transport: {
    importUnreachable: '导入未能送达工作台服务器：{detail}',
    notConnected: '未连接到工作台服务器：{detail}',
  },
  compare: {
    differ: '{what}不同：{values}。',
    runValue: '运行 {run} 为 {value}',
    unknown: '未知',
    devices: '设备',
    computeCapabilities: '计算能力',
    smCounts: 'SM 数量',
    peakClocks: 'SM 峰值时钟',
    drivers: '驱动版本',
    runtimes: 'CUDA 运行时版本',
    builds: '原生插件构建',
    build: 'CUDA {cuda}，面向 {architectures}',
    schedules: '调度标志',
    apps: '应用版本',
    appVersion: '{version}（{commit}）',
    versionNotPublished: '版本未发表',
    modes: '模式',
    param: '参数“{key}”',
    stoppingRule: '停止规则“{key}”',
    throttleThresholds: '降频阈值',
    notPublished: '未发表',
    notAParameter: '—（不是 {mode} 的参数）',
    notRecorded: '未记录',
    sameRun:
      '同一个运行出现了{times}：运行 {runs} 和 {last} 都是“{name}”（id {id}），因此它们必然一致，不能说明运行之间的噪声。',
    twice: '两次',
    times: ' {count} 次',
    clocks:
      '实测 SM 时钟（各点的中位数）相差超过 {percent}%：{values}。每次同步的 ns 随时钟缩放；请同时比较每次同步的周期数。',
    mhz: '{value} MHz',
    throttledOne: '运行 {run} 有 {count} 个降频点。',
    throttledMany: '运行 {run} 有 {count} 个降频点。',
    published: '运行 {run} 是已发表数据，并非本产品测得（{citation}）：只有中位数，没有噪声信息。',
    noCitation: '无出处',
    status: '运行 {run} 的状态为“{status}”：它的部分点可能缺失。',
    cancelled: '已取消',
    failed: '失败',
    missingPoints:
      '运行 {run} 缺少全部 {total} 个点中的 {missing} 个（按系列和 x 匹配；某个运行在同一 x 处重复某系列时，再按标签匹配）。',
  },
};
