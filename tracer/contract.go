// Code generated from the exported names of package problem; DO NOT EDIT.
// Regenerate with go generate ./tracer after adding a name there.

package tracer

import "github.com/backtrack-edu/backtrack/tracer/problem"

// The contract's types, re-exported so that tracer's users compile unchanged.
type (
	Text          = problem.Text
	RuleWords     = problem.RuleWords
	WitnessKind   = problem.WitnessKind
	BoardSpec     = problem.BoardSpec
	SlotKind      = problem.SlotKind
	Conflict      = problem.Conflict
	SizeSetting   = problem.SizeSetting
	Def           = problem.Def
	FlagKind      = problem.FlagKind
	FlagSpec      = problem.FlagSpec
	PuzzleSetting = problem.PuzzleSetting
	CodeParts     = problem.CodeParts
	CodeLine      = problem.CodeLine
	CodeRole      = problem.CodeRole
	OrderTraits   = problem.OrderTraits
	SettingError  = problem.SettingError
	Spec          = problem.Spec
	Board         = problem.Board
	GridBoard     = problem.GridBoard
	Words         = problem.Words
	CallFacts     = problem.CallFacts
	Kind          = problem.Kind
	Rule          = problem.Rule
	Pos           = problem.Pos
	LimitReason   = problem.LimitReason
	Event         = problem.Event
	Sink          = problem.Sink
	SinkFunc      = problem.SinkFunc
	Lang          = problem.Lang
	Problem       = problem.Problem
	Info          = problem.Info
	Scan          = problem.Scan
	Passer        = problem.Passer
	LoopScanner   = problem.LoopScanner
	Verdict       = problem.Verdict
	Limits        = problem.Limits
	Options       = problem.Options
	Progress      = problem.Progress
	When          = problem.When
	Check         = problem.Check
	Order         = problem.Order
	Drop          = problem.Drop
	Stop          = problem.Stop
	Status        = problem.Status
	Strategy      = problem.Strategy
	Variants      = problem.Variants
	LimitWords    = problem.LimitWords
)

// The contract's constants.
const (
	WitnessCell          = problem.WitnessCell
	WitnessSibling       = problem.WitnessSibling
	WitnessNone          = problem.WitnessNone
	SlotCell             = problem.SlotCell
	SlotRow              = problem.SlotRow
	SlotIndex            = problem.SlotIndex
	SlotFrom             = problem.SlotFrom
	FlagText             = problem.FlagText
	FlagNumber           = problem.FlagNumber
	FlagSwitch           = problem.FlagSwitch
	CodeNone             = problem.CodeNone
	CodeCall             = problem.CodeCall
	CodeScan             = problem.CodeScan
	CodeEnd              = problem.CodeEnd
	CodeLoop             = problem.CodeLoop
	CodeCheck            = problem.CodeCheck
	CodePlace            = problem.CodePlace
	CodeRecurse          = problem.CodeRecurse
	CodeUndo             = problem.CodeUndo
	CodeUndoReject       = problem.CodeUndoReject
	CodeLoopEnd          = problem.CodeLoopEnd
	CodeReturn           = problem.CodeReturn
	CodePass             = problem.CodePass
	CodeWrap             = problem.CodeWrap
	NoLimit              = problem.NoLimit
	KindCall             = problem.KindCall
	KindScan             = problem.KindScan
	KindTry              = problem.KindTry
	KindReject           = problem.KindReject
	KindPlace            = problem.KindPlace
	KindUndo             = problem.KindUndo
	KindSolution         = problem.KindSolution
	KindExhausted        = problem.KindExhausted
	KindReturn           = problem.KindReturn
	KindLimit            = problem.KindLimit
	RuleNone             = problem.RuleNone
	NumRules             = problem.NumRules
	LimitNone            = problem.LimitNone
	LimitSteps           = problem.LimitSteps
	LimitCalls           = problem.LimitCalls
	LimitTime            = problem.LimitTime
	LimitCanceled        = problem.LimitCanceled
	LimitSize            = problem.LimitSize
	LimitTree            = problem.LimitTree
	LangEN               = problem.LangEN
	LangZH               = problem.LangZH
	DefaultMaxSteps      = problem.DefaultMaxSteps
	DefaultKeepSolutions = problem.DefaultKeepSolutions
	WhenBefore           = problem.WhenBefore
	WhenAfter            = problem.WhenAfter
	WhenLeaf             = problem.WhenLeaf
	CheckScan            = problem.CheckScan
	CheckBoard           = problem.CheckBoard
	CheckCounts          = problem.CheckCounts
	CheckArrays          = problem.CheckArrays
	DropNone             = problem.DropNone
	DropReturnFalse      = problem.DropReturnFalse
	DropReturnValue      = problem.DropReturnValue
	StopFirst            = problem.StopFirst
	StopAll              = problem.StopAll
	StopNoReturn         = problem.StopNoReturn
	StatusSolved         = problem.StatusSolved
	StatusComplete       = problem.StatusComplete
	StatusLimit          = problem.StatusLimit
	StatusLost           = problem.StatusLost
	StatusWrong          = problem.StatusWrong
)

// The contract's variables (the same values, not copies of them to change).
var (
	NoPos          = problem.NoPos
	ErrSizeLimit   = problem.ErrSizeLimit
	Langs          = problem.Langs
	Whens          = problem.Whens
	Drops          = problem.Drops
	Stops          = problem.Stops
	LeafFailWords  = problem.LeafFailWords
	BacktrackWords = problem.BacktrackWords
)

// Register is problem.Register.
func Register(d *Def) error { return problem.Register(d) }

// MustRegister is problem.MustRegister.
func MustRegister(d *Def) { problem.MustRegister(d) }

// Lookup is problem.Lookup.
func Lookup(name string) (*Def, error) { return problem.Lookup(name) }

// ProblemNames is problem.ProblemNames.
func ProblemNames() []string { return problem.ProblemNames() }

// Problems is problem.Problems.
func Problems() []*Def { return problem.Problems() }

// ForProblem is problem.ForProblem.
func ForProblem(name string, err error) error { return problem.ForProblem(name, err) }

// StrategyOf is problem.StrategyOf.
func StrategyOf(info Info, opts Options) Strategy { return problem.StrategyOf(info, opts) }

// MultiSink is problem.MultiSink.
func MultiSink(sinks ...Sink) Sink { return problem.MultiSink(sinks...) }

// NewBoard is problem.NewBoard.
func NewBoard(rows, cols int, glyph func(v int) byte) *Board {
	return problem.NewBoard(rows, cols, glyph)
}

// PlainWords is problem.PlainWords.
func PlainWords(candidate, next Text) Words { return problem.PlainWords(candidate, next) }

// RuleWordsIn is problem.RuleWordsIn.
func RuleWordsIn(ws []RuleWords, r Rule) RuleWords { return problem.RuleWordsIn(ws, r) }

// ListEN is problem.ListEN.
func ListEN(items []string) string { return problem.ListEN(items) }

// ListZH is problem.ListZH.
func ListZH(items []string) string { return problem.ListZH(items) }

// Kinds is problem.Kinds.
func Kinds() []Kind { return problem.Kinds() }

// ParseKind is problem.ParseKind.
func ParseKind(s string) (Kind, error) { return problem.ParseKind(s) }

// ParseLimitReason is problem.ParseLimitReason.
func ParseLimitReason(s string) (LimitReason, error) { return problem.ParseLimitReason(s) }

// VoidReturnOK is problem.VoidReturnOK.
func VoidReturnOK(prev, e *Event) bool { return problem.VoidReturnOK(prev, e) }

// ParseLang is problem.ParseLang.
func ParseLang(s string) (Lang, error) { return problem.ParseLang(s) }

// ZHSpace is problem.ZHSpace.
func ZHSpace(s string, zh, lead, trail bool) string { return problem.ZHSpace(s, zh, lead, trail) }

// InfoOf is problem.InfoOf.
func InfoOf(p Problem) Info { return problem.InfoOf(p) }

// ParseWhen is problem.ParseWhen.
func ParseWhen(s string) (When, error) { return problem.ParseWhen(s) }

// ParseStop is problem.ParseStop.
func ParseStop(s string) (Stop, error) { return problem.ParseStop(s) }

// ParseCheck is problem.ParseCheck.
func ParseCheck(s string, valid []Check) (Check, error) { return problem.ParseCheck(s, valid) }

// ParseOrder is problem.ParseOrder.
func ParseOrder(s string, valid []Order) (Order, error) { return problem.ParseOrder(s, valid) }

// ParseEnum is problem.ParseEnum.
func ParseEnum[T ~string](setting, s string, valid []T) (T, error) {
	return problem.ParseEnum(setting, s, valid)
}

// JoinValues is problem.JoinValues.
func JoinValues[T ~string](vs []T) string { return problem.JoinValues(vs) }

// ParseDrop is problem.ParseDrop.
func ParseDrop(s string) (Drop, error) { return problem.ParseDrop(s) }

// InstanceSetting is problem.InstanceSetting.
func InstanceSetting(instance, word string) string { return problem.InstanceSetting(instance, word) }

// StatusWords is problem.StatusWords.
func StatusWords(s Status) Text { return problem.StatusWords(s) }

// LimitWordsOf is problem.LimitWordsOf.
func LimitWordsOf(l LimitReason) LimitWords { return problem.LimitWordsOf(l) }

// KindWords is problem.KindWords.
func KindWords(k Kind) Text { return problem.KindWords(k) }

// EventWords is problem.EventWords.
func EventWords(k Kind, when When) Text { return problem.EventWords(k, when) }

// RuleCount is problem.RuleCount.
func RuleCount(name string, n int64, lang Lang) string { return problem.RuleCount(name, n, lang) }

// SolutionCount is problem.SolutionCount.
func SolutionCount(k int64) Text { return problem.SolutionCount(k) }

// ReturnWords is problem.ReturnWords.
func ReturnWords(s Strategy, ok bool, below int64) Text { return problem.ReturnWords(s, ok, below) }

// KindName is problem.KindName.
func KindName(k Kind, lang Lang) string { return problem.KindName(k, lang) }
