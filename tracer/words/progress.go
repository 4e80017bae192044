package words

// The progress line a long job draws on a terminal (package
// render/progress): what it is doing, how far, how long, and the final
// line it leaves.
var (
	// ProgressCount is a count and its unit: "1,234 frames".
	ProgressCount = Text{"%s %s", "%s %s"}
	// ProgressOf is how far of a known total: "1,234 of 2,000 frames".
	ProgressOf = Text{"%s of %s %s", "%s / %s %s"}
	// ProgressLeft is the estimate of the time left: "about 12 s left".
	ProgressLeft = Text{"about %s left", "约剩 %s"}
	// ProgressSeconds and ProgressMinutes write a time.
	ProgressSeconds = Text{"%s s", "%s 秒"}
	ProgressMinutes = Text{"%d min %02d s", "%d 分 %02d 秒"}
	// ProgressAll ends the final line: the whole job's time.
	ProgressAll = Text{"%s in all", "共用时 %s"}
	// ProgressWhat is a task and how far it is: "drawing the frames: 12
	// of 60 frames".
	ProgressWhat = Text{"%s: %s", "%s：%s"}
	// ProgressSep joins the parts of a line; ProgressJoin the tasks of
	// the final line.
	ProgressSep  = Text{" · ", " · "}
	ProgressJoin = Text{"; ", "；"}
)

// What the jobs do, and what they count.
var (
	ProgressSearching     = Text{"searching", "搜索中"}
	ProgressReading       = Text{"reading %s", "读取 %s"}
	ProgressTrimming      = Text{"laying out the tree", "整理搜索树"}
	ProgressDrawing       = Text{"drawing %s", "绘制 %s"}
	ProgressFrames        = Text{"drawing the frames", "绘制各帧"}
	ProgressChoosing      = Text{"choosing the frames", "挑选各帧"}
	ProgressCaptions      = Text{"narrating the frames' captions", "生成各帧的说明"}
	ProgressWorking       = Text{"working", "处理中"}
	ProgressWriting       = Text{"writing %s", "写入 %s"}
	ProgressPage          = Text{"making %s", "生成 %s"}
	ProgressRuns          = Text{"comparing", "比较中"}
	ProgressRunNow        = Text{"now %s: %s", "当前 %s：%s"}
	ProgressPlayground    = Text{"compiling the playground (go build, GOOS=js)", "编译练习场（go build，GOOS=js）"}
	ProgressLessons       = Text{"making the lessons", "生成课程"}
	ProgressUnitSteps     = Text{"steps", "步"}
	ProgressUnitFrames    = Text{"frames", "帧"}
	ProgressUnitRuns      = Text{"runs", "次运行"}
	ProgressUnitLessons   = Text{"lessons", "课"}
	ProgressUnitMegabytes = Text{"MB", "MB"}
)
