/**
 * The Simplified Chinese of every coded host message (the contract's HostText), by code, as english.ts has the
 * English: the renderer's zh-CN messages (electron/model/words/zh-CN/ui.ts `hostText`) are this object, and the
 * host words its Chinese reports with it (electron/model/words/zh-CN/report.ts), so both say the same
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
  library: {
    duplicateId: '{file}：已跳过：其 id“{id}”也是 {other} 的 id。',
    cannotRead: '{file}：无法读取该文件：{detail}',
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
    missing: '原生插件文件（syncbench.node）缺失（不在 {places}），因此此安装无法测量。{fix}',
    buildIt:
      '请用 `bash scripts/setup.sh` 或 `npm run build:native` 构建它，或把 SYNCBENCH_ADDON 设为它的路径。',
    noNvcc:
      '此处也无法构建它：CUDA 编译器（nvcc）同样缺失（不在 PATH、$CUDA_PATH/bin、$CUDA_HOME/bin 或 /usr/local/cuda/bin 中）。请安装 CUDA 工具包，然后运行 `bash scripts/setup.sh` 或 `npm run build:native`；或把 SYNCBENCH_ADDON 设为它的路径。',
    withNote: '{reason}{note}',
    glibc:
      '在 Linux 上，随附的插件需要 glibc {floor} 或更新版本（Ubuntu 22.04、RHEL 9、Debian 12 或更新）；在更旧的系统上，请在该系统上用 `npm run build:native` 构建。',
    macos: 'macOS 没有 CUDA：在 Mac 上，Sync Workbench 可以打开回放、报告和决策向导，但不进行任何测量。',
    loadFailed:
      '原生插件文件 {file} 加载失败；请用 `bash scripts/setup.sh` 或 `npm run build:native` 重新构建。加载器报告：{message}',
    oldGlibc: '{reason} 此系统的 C 库版本过旧。{note}',
    stale:
      '位于 {file} 的原生插件已过时：它由{built}构建，而本应用来自 {expected}…。该插件不会被使用。请用 `npm run build:native` 重新构建。',
    sources: '源码 {hash}… ',
    unknownSources: '未知源码',
  },
  gpu: {
    noDriver:
      '此机器上没有安装 NVIDIA 驱动（CUDA 运行时报告：“{runtime}”）。要测量，请安装 NVIDIA 驱动（CUDA 13 需要 r580 或更新版本）；参考数据、回放、决策向导和导出无需驱动即可使用。',
    oldDriver:
      'NVIDIA 驱动支持 CUDA {driver}，但此构建需要 CUDA {needs}（CUDA 运行时报告：“{runtime}”）。请更新 NVIDIA 驱动。',
    noDevice:
      'NVIDIA 驱动已加载，但看不到支持 CUDA 的 GPU（CUDA 运行时报告：“{runtime}”）。请检查 CUDA_VISIBLE_DEVICES，并确认该 GPU 没有被分配给别处。',
    busy: '所有 GPU 都在忙，或处于拒绝新上下文的计算模式（CUDA 运行时报告：“{runtime}”）。',
    noRuntime: 'CUDA 运行时无法启动（CUDA 运行时报告：“{runtime}”）。',
  },
  noToken: {
    title: 'Sync Workbench：请打开启动时打印的地址',
    heading: '此地址没有有效的令牌',
    why: '可能是服务器已重启（它每次启动都会生成新的令牌，因此之前的地址，如书签或保存的链接，不再能打开它），也可能是这个浏览器从未打开过带令牌的地址：不带令牌的地址只能在打开过带令牌地址的那个浏览器中打开，复制到另一个浏览器或配置文件的链接也需要令牌。',
    fix: '请重新打开 `npm start` 或 `syncbench serve` 启动时打印的地址；它以 `?token=…` 结尾。',
    answers:
      '“选哪种屏障？”的链接把答案保存在地址中 `#` 之后：复制此地址的这一部分（`#/wizard?…`），追加到新地址的令牌之后。',
    asked: '此地址请求的是 {path}：也请把它追加到新地址。',
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
    driver: '{driver}（支持 CUDA {cuda}）',
    driverCuda: '支持 CUDA {cuda}',
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
  plan: {
    field: '{field}：{problem}',
    gpuLocked:
      '本程序的另一个进程（进程号 {pid}）正在 GPU {gpu} 上测量；已等待 {seconds} 秒；请在它结束后重试，或加 ' +
      '`--shared`（运行表单：“与其他运行同时测量”）与它同时测量',
    gpuNotFree:
      'GPU {gpu} 在 {seconds} 秒后仍有其他计算进程：{processes}；请停止它们，或不加 `--exclusive` 运行' +
      '（测得的点会标记为在共享 GPU 上测量）',
    gpuUnknown: 'GPU {gpu}：`--exclusive` 需要 `NVML` 才能看到计算进程，而 `NVML` 不可用（{reason}）',
    clauses: '{first}；{rest}',
    range: '{min} 至 {max}',
    unknownParam: '未知参数；此模式的参数为 {names}',
    unknownParamNone: '未知参数；此模式没有参数',
    notOneOf: '不允许“{value}”；请使用 {values} 之一',
    notWholeList: '“{given}”不是由 {range} 之间的整数组成的逗号分隔列表',
    notWhole: '“{given}”不是整数；允许范围：{range}',
    notNumber: '“{given}”不是数字；允许范围：{range}',
    outOfRange: '{value} 超出范围；允许范围：{range}',
    outOfRangeUnit: '{value} 超出范围；允许范围：{range} {unit}',
    unknownMode: '未知模式“{mode}”；已知模式：{modes}',
    modeNeedsCc: '{mode} 需要计算能力 {cc} 或更高；{device} 的计算能力为 {deviceCc}',
    noDevice: '设备 {ordinal} 不存在；本机的设备为 0..{last}',
    threadsPerBlock: '不允许 {value}；请使用 1 至 {max}',
    stoppingWhole: '不允许 {value}；请使用 {min} 至 {max} 之间的整数',
    stoppingNumber: '不允许 {value}；请使用 {min} 至 {max} 之间的数',
    atLeast: '{field}（{value}）不得小于 {other}（{otherValue}）',
    tooManyThreads:
      '每个线程块 {threads} 个线程，超过了此设备允许的上限（{limit}，cudaDeviceProp.maxThreadsPerBlock）',
    noCooperative: '{device} 不支持协作启动（cudaDevAttrCooperativeLaunch = 0），因此无法运行网格范围的同步',
    overCoResident:
      '{blocks} 个线程块超过了协作启动可同驻的上限：{how}。更大的网格会以 cudaErrorCooperativeLaunchTooLarge（“too many blocks in cooperative launch”）失败。',
    occupancy:
      'cudaOccupancyMaxActiveBlocksPerMultiprocessor({workload}, {threads} 个线程, 0 B 动态共享内存) = 每个 SM {blocksPerSm} 个线程块 × {smCount} 个 SM = {blocks} 个线程块',
    noGridBlock: '运行 grid_sync 时，每个 SM 连一个 {nwarps} 个线程束的线程块也容纳不下：{how}',
    handoffWarps: '交接至少需要 2 个线程束（一个写入者和一个读取者）',
    tileSizes: '{problems}；允许的值：{allowed}',
    notPowerOfTwo: '{size} 不是 2 的幂',
    tileTooLarge: '{size} 大于线程块（{threads} 个线程；请增大 nwarps）',
    tileNeedsCc80: '{size} 需要计算能力 8.0 或更高（多线程束分块）；{device} 的计算能力为 {cc}',
    tooManyParticipants: '{over} 个线程束多于线程块拥有的线程束（nwarps = {nwarps}）',
    noWorkKernelOne: '{wrong} 次 FADD：没有为它构建内核；允许的值：{allowed}',
    noWorkKernelMany: '{wrong} 次 FADD：没有为它们构建内核；允许的值：{allowed}',
    noClusterLaunch:
      '{device} 不支持集群启动（cudaDevAttrClusterLaunch = 0；线程块集群需要计算能力 9.0 或更高）',
    clusterSizeThreads:
      '集群大小 {size}、每个线程块 {threads} 个线程无法在 {device} 上启动：cudaOccupancyMaxActiveClusters = 0{why}；大于 8 的集群需要 cudaFuncAttributeNonPortableClusterSizeAllowed 以及允许它的设备（Hopper 上为 16）',
    clusterSize:
      '集群大小 {size} 无法在 {device} 上启动：cudaOccupancyMaxActiveClusters = 0{why}；大于 8 的集群需要 cudaFuncAttributeNonPortableClusterSizeAllowed 以及允许它的设备（Hopper 上为 16）',
    runtimeSays: '（{reason}）',
    clustersNotCoResident:
      '{clusters} 个由 {size} 个线程块组成的集群无法全部同驻于 {device}：cudaOccupancyMaxActiveClusters({workload}, {threads} 个线程, 集群 {size}) = {max}',
    needsSm90:
      '{what}需要计算能力 9.0（Hopper）或更高；{device} 的计算能力为 {cc}，其内核构建时不含这些指令，因此不会启动',
    sm90Pdl: '程序化依赖启动（griddepcontrol、cudaLaunchAttributeProgrammaticStreamSerialization）',
    sm90Pipeline: '流水线模式（mbarrier 事务计数、cp.async.bulk）',
    sm90ClusterArrive: '分布式共享内存与远程 mbarrier arrive（线程块集群）',
    payloadMultiple:
      '{bytes} B 不是 {multiple} B 的倍数：cp.async.bulk（TMA）在 16 字节对齐的地址之间复制 16 字节倍数大小的数据，而第 k 级从 k × 载荷处开始，因此载荷必须是 16 B 的倍数（其他变体的 16 字节向量也遵循同一规则）',
    payloadTooLarge: '{bytes} B 超过了内核接受的最大单级载荷（{max} B）',
    stageSmem:
      '{stages} 级 × {bytes} B + {barriers} B 屏障 = 每个线程块 {need} B 共享内存，超过了 {device} 允许线程块通过 opt-in 使用的上限（{limit} B，cudaDevAttrMaxSharedMemoryPerBlockOptin）；请减少级数或减小载荷',
    consumerWarps:
      '{warps} 个消费者线程束 + 1 个生产者线程束 = {threads} 个线程，超过了此设备每个线程块允许的上限（{limit}，cudaDeviceProp.maxThreadsPerBlock）',
    noPairs: '{why}（{devices}）；multi_gpu 需要本进程中有两个 GPU（请检查 CUDA_VISIBLE_DEVICES）',
    deviceName: '设备 {ordinal}：{name}',
    oneGpu: '只有一个 GPU：没有 GPU 对',
    noGpu: '没有 GPU：没有 GPU 对',
    pairsNotReported:
      'GPU 对未知：原生插件是在加入多 GPU 内核系列之前构建的；请用 `npm run build:native` 重新构建',
    pairsNotKnown: 'GPU 对未知',
    noSuchGpu: '“{pair}”指定了本机没有的 GPU；本机的设备为 0 至 {last}',
    notAPair: '“{pair}”不是一对 GPU；请给出两个不同的设备序号，例如 0,1',
  },
};
