package stepper

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/backtrack-edu/backtrack/render/internal/textwidth"
)

// This file is the terminal side of `backtrack step`: styled lines (their
// widths measured by textwidth), the interactive loop (raw mode, keys,
// redraws) and the script mode. It uses golang.org/x/term and plain ANSI
// sequences, nothing else.

// style is the colour of a piece of the screen; every style also reads
// without colour, since the marks are text.
type style uint8

const (
	stPlain style = iota
	stGrey        // labels, separators, secondary text (never a given)
	stHead        // header and section titles
	stTry         // the candidate being tried
	stPlace       // the candidate placed, or the last move
	stClash       // the clashing cell
	stSlot        // the slot being decided, the row being decided
	stSet         // values and pieces placed by the search
	stGiven       // the puzzle's givens
	stFail        // ✗ in a tried list, a message that something was not found
	stOn          // ✓ in a tried list
	stMark        // the marked line of code and the innermost call
	stNote        // the note
	// stBlank is text that keeps its room and shows as spaces: a key
	// entry for a mark not on the board at this step (keyItems).
	stBlank
)

// sgr holds the ANSI "select graphic rendition" parameters of each style.
// A projector washes colours out, and a class sees the screen on a light
// or a dark background, so every colour keeps a WCAG contrast of at least
// 4.5:1 on both white and black (TestStepContrast): text in one of the
// 256-colour palette's few colours that do (indices 16-255, which
// terminals draw with xterm's RGB, unlike the 16 ANSI colours that each
// terminal chooses), board marks as
// black or white text on a colour of their own, the rest in the
// terminal's own colours (bold, reverse video). Nothing is dim (SGR 2).
var sgr = [...]string{
	stPlain: "",
	stGrey:  "38;5;243",            // grey 118: 4.5:1 on white, 4.6:1 on black
	stHead:  "1",                   // bold
	stTry:   "1;38;5;16;48;5;220",  // black on gold
	stPlace: "1;38;5;16;48;5;114",  // black on light green
	stClash: "1;38;5;231;48;5;124", // white on dark red
	stSlot:  "1;38;5;16;48;5;153",  // black on light blue
	stSet:   "1;38;5;63",           // blue (95,95,255): 4.6:1 on white and on black
	stGiven: "1",                   // bold, the terminal's own colour: the strongest digits
	stFail:  "38;5;131",            // red (175,95,95): 4.5:1 on white, 4.6:1 on black
	stOn:    "1;38;5;29",           // green (0,135,95): 4.5:1 on white, 4.6:1 on black
	stMark:  "7",                   // reverse video
	stNote:  "",
	stBlank: "",
}

// span is text in one style.
type span struct {
	s  string
	st style
}

// tline is one line of the screen as styled spans.
type tline []span

// width returns the line's display columns.
func (l tline) width() int {
	w := 0
	for _, sp := range l {
		w += textwidth.Cols(sp.s)
	}
	return w
}

// pad returns the line padded with spaces to w columns.
func (l tline) pad(w int) tline {
	if d := w - l.width(); d > 0 {
		return append(l[:len(l):len(l)], span{strings.Repeat(" ", d), stPlain})
	}
	return l
}

// cut returns the line cut to at most w columns.
func (l tline) cut(w int) tline {
	if l.width() <= w {
		return l
	}
	out := make(tline, 0, len(l))
	left := w
	for _, sp := range l {
		if left <= 0 {
			break
		}
		sw := textwidth.Cols(sp.s)
		if sw <= left {
			out = append(out, sp)
			left -= sw
			continue
		}
		var b strings.Builder
		for _, r := range sp.s {
			rw := textwidth.RuneCols(r)
			if rw > left {
				break
			}
			b.WriteRune(r)
			left -= rw
		}
		out = append(out, span{b.String(), sp.st})
		break
	}
	return out
}

// render writes the line, with ANSI colours if color is set, without
// trailing spaces.
func (l tline) render(color bool) string {
	end := len(l)
	for end > 0 && (l[end-1].st == stBlank || strings.TrimRight(l[end-1].s, " ") == "") {
		end--
	}
	var b strings.Builder
	for i, sp := range l[:end] {
		text := sp.s
		if sp.st == stBlank {
			text = strings.Repeat(" ", textwidth.Cols(text))
		}
		if i == end-1 {
			text = strings.TrimRight(text, " ")
		}
		if color && sgr[sp.st] != "" && text != "" {
			b.WriteString("\x1b[" + sgr[sp.st] + "m" + text + "\x1b[0m")
		} else {
			b.WriteString(text)
		}
	}
	return b.String()
}

// wrapText breaks text into lines of at most w columns, at spaces, or
// between CJK characters (which need no spaces), in style st.
func wrapText(text string, w int, st style) []tline {
	if w < 1 {
		w = 1
	}
	var lines []tline
	var cur strings.Builder
	curW := 0
	flush := func() {
		lines = append(lines, tline{{strings.TrimRight(cur.String(), " "), st}})
		cur.Reset()
		curW = 0
	}
	for _, word := range wrapWords(text) {
		ww := textwidth.Cols(word)
		if word == " " {
			if curW > 0 && curW < w {
				cur.WriteString(" ")
				curW++
			}
			continue
		}
		if curW+ww > w && curW > 0 {
			flush()
		}
		for ww > w {
			// A word longer than the line: cut it.
			cut := tline{{word, st}}.cut(w)[0].s
			cur.WriteString(cut)
			flush()
			word = word[len(cut):]
			ww = textwidth.Cols(word)
		}
		cur.WriteString(word)
		curW += ww
	}
	if curW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// wrapWords splits text into words, single spaces and single wide
// characters: Chinese may break between any two characters, except inside
// ASCII brackets, where an English note quotes a term: "prune (剪枝)".
func wrapWords(text string) []string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	depth := 0
	for _, r := range text {
		switch r {
		case '(':
			depth++
		case ')':
			depth = max(0, depth-1)
		}
		wide := textwidth.RuneCols(r) == 2
		switch {
		case r == ' ':
			flush()
			words = append(words, " ")
		case depth > 0 || r == ')':
			cur.WriteRune(r)
		case wide:
			flush()
			cur.WriteRune(r)
		default:
			if cur.Len() > 0 {
				last, _ := utf8.DecodeLastRuneInString(cur.String())
				if textwidth.RuneCols(last) == 2 {
					flush()
				}
			}
			cur.WriteRune(r)
		}
	}
	flush()
	// Keep closing punctuation with the word before it, and opening
	// punctuation with the word after it.
	out := words[:0]
	glue := false
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		last, _ := utf8.DecodeLastRuneInString(w)
		switch {
		case len(out) > 0 && w != " " && (glue || isClosePunct(r)) && out[len(out)-1] != " ":
			out[len(out)-1] += w
		default:
			out = append(out, w)
		}
		glue = w != " " && isOpenPunct(last)
	}
	return out
}

func isOpenPunct(r rune) bool { return strings.ContainsRune("（《「『【([", r) }
func isClosePunct(r rune) bool {
	return strings.ContainsRune("，。：；、）》」』】！？),.:;!?]", r)
}

// wrapItems lays items out on lines of at most w columns, two spaces
// apart; an item wider than w gets lines of its own, wrapped as text.
func wrapItems(items []tline, w int) []tline {
	var lines []tline
	var cur tline
	for _, it := range items {
		iw := it.width()
		switch {
		case iw > w && len(it) > 0:
			if len(cur) > 0 {
				lines = append(lines, cur.cut(w))
				cur = nil
			}
			var text strings.Builder
			for _, sp := range it {
				text.WriteString(sp.s)
			}
			lines = append(lines, wrapText(text.String(), w, it[len(it)-1].st)...)
		case len(cur) == 0:
			cur = append(tline(nil), it...)
		case cur.width()+2+iw <= w:
			cur = append(cur, span{"  ", stPlain})
			cur = append(cur, it...)
		default:
			lines = append(lines, cur.cut(w))
			cur = append(tline(nil), it...)
		}
	}
	if len(cur) > 0 {
		lines = append(lines, cur.cut(w))
	}
	return lines
}

// ColorEnabled reports whether colour should be used on f: it is a
// terminal, TERM is set and not "dumb", and NO_COLOR is unset.
func ColorEnabled(f *os.File) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	if t := os.Getenv("TERM"); t == "" || t == "dumb" {
		return false
	}
	return f != nil && term.IsTerminal(int(f.Fd()))
}

// IsTerminal reports whether f is a terminal (so `backtrack step` can
// choose between the interactive and the script mode).
func IsTerminal(f *os.File) bool { return f != nil && term.IsTerminal(int(f.Fd())) }

// TerminalSize returns f's size in columns and lines, or 80×24 if f is no
// terminal.
func TerminalSize(f *os.File) (width, height int) {
	if f != nil {
		if w, h, err := term.GetSize(int(f.Fd())); err == nil && w > 0 && h > 0 {
			return w, h
		}
	}
	return 80, 24
}

// The ANSI sequences of the interactive mode.
const (
	ansiAltScreen  = "\x1b[?1049h"
	ansiMainScreen = "\x1b[?1049l"
	ansiHideCursor = "\x1b[?25l"
	ansiShowCursor = "\x1b[?25h"
	ansiHome       = "\x1b[H"
	ansiClearLine  = "\x1b[K"
	ansiClearBelow = "\x1b[J"
	ansiReset      = "\x1b[0m"
)

// sigwinch is the terminal-resize signal (28 on Linux, macOS and the BSDs;
// spelled as a number so the package also builds where syscall lacks it).
const sigwinch = syscall.Signal(0x1c)

// RunInteractive puts the terminal in raw mode, reads keys from in
// (including the arrow-key escape sequences and the g…Enter prompt), redraws
// the view on out after each key and on resize, and restores the terminal on
// exit, on Ctrl-C and on a panic. It returns when the user quits or ctx is
// done. It uses the alternate screen and hides the cursor while it runs.
// The view keeps the size of the Stepper's Options until the terminal
// is resized (SIGWINCH, or a change seen by a once-a-second check); then it
// follows the terminal. A terminal too small for the view shows a line
// saying so and what size would do (Stepper.View), redrawn on each resize;
// the keys still work, and q or Ctrl-C quit.
func RunInteractive(ctx context.Context, s *Stepper, in, out *os.File) (err error) {
	fd := int(in.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return fmt.Errorf("step: cannot put the terminal in raw mode: %w", err)
	}
	restored := false
	restore := func() {
		if !restored {
			restored = true
			io.WriteString(out, ansiReset+ansiShowCursor+ansiMainScreen)
			term.Restore(fd, old)
		}
	}
	defer func() {
		if p := recover(); p != nil {
			restore()
			panic(p)
		}
		restore()
	}()
	if _, err := io.WriteString(out, ansiAltScreen+ansiHideCursor); err != nil {
		return err
	}

	// The size given in Options holds until the terminal is resized.
	termW, termH := TerminalSize(out)
	keys := make(chan string, 16)
	readErr := make(chan error, 1)
	go readKeys(in, keys, readErr)
	winch := make(chan os.Signal, 1)
	signal.Notify(winch, sigwinch)
	defer signal.Stop(winch)
	// A slow poll of the size as well: some terminals and multiplexers
	// resize without a signal reaching us.
	tick := time.NewTicker(time.Second)
	defer tick.Stop()

	draw := func() error {
		_, err := io.WriteString(out, frame(s.View()))
		return err
	}
	if err := draw(); err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-readErr:
			if err == io.EOF {
				return nil
			}
			return fmt.Errorf("step: reading keys: %w", err)
		case <-winch:
			termW, termH = TerminalSize(out)
			s.SetSize(termW, termH)
		case <-tick.C:
			w, h := TerminalSize(out)
			if w == termW && h == termH {
				continue
			}
			termW, termH = w, h
			s.SetSize(w, h)
		case k := <-keys:
			if s.typeKey(k) {
				return nil
			}
		}
		if err := draw(); err != nil {
			return err
		}
	}
}

// frame turns a view into what redraws the screen in place: home, each
// line cleared to its end, the rest of the screen cleared, with no newline
// after the last line (which would scroll).
func frame(view string) string {
	var b strings.Builder
	b.WriteString(ansiHome)
	for i, l := range strings.Split(view, "\n") {
		if i > 0 {
			b.WriteString("\r\n")
		}
		b.WriteString(l)
		b.WriteString(ansiReset + ansiClearLine)
	}
	b.WriteString(ansiClearBelow)
	return b.String()
}

// typeKey handles one key of the interactive mode, where "g" opens a
// prompt for a step number that Enter confirms and Esc cancels. It reports
// whether to quit.
func (s *Stepper) typeKey(k string) bool {
	if s.prompting {
		switch {
		case k == "enter":
			s.prompting = false
			if s.prompt != "" {
				s.Key("g" + s.prompt)
			}
			s.prompt = ""
		case k == "esc":
			s.prompting, s.prompt = false, ""
		case k == "backspace":
			if s.prompt != "" {
				s.prompt = s.prompt[:len(s.prompt)-1]
			}
		case k == "ctrl-c":
			return true
		case len(k) == 1 && k[0] >= '0' && k[0] <= '9' && len(s.prompt) < 18:
			s.prompt += k
		}
		return false
	}
	if s.pq.on && s.pq.q != nil && k != "ctrl-c" {
		// A question waits: the keys of an answer go to it (Key).
		return s.Key(k)
	}
	switch k {
	case "g":
		s.prompting, s.prompt, s.msg = true, "", ""
		return false
	case "ctrl-c":
		return true
	}
	return s.Key(k)
}

// readKeys reads raw input and sends key names until an error.
func readKeys(in io.Reader, keys chan<- string, errc chan<- error) {
	buf := make([]byte, 256)
	for {
		n, err := in.Read(buf)
		for _, k := range parseKeys(buf[:n]) {
			keys <- k
		}
		if err != nil {
			errc <- err
			return
		}
	}
}

// parseKeys turns raw terminal input into key names: single characters
// as themselves ("n", "b", "?", "0"...), " " as "space", and "enter",
// "esc", "backspace", "ctrl-c", "left", "right", "up", "down", "home",
// "end" for the control keys and their escape sequences.
func parseKeys(b []byte) []string {
	var keys []string
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == 0x1b && i+1 < len(b) && (b[i+1] == '[' || b[i+1] == 'O'):
			j := i + 2
			for j < len(b) && (b[j] < 0x40 || b[j] > 0x7e) {
				j++
			}
			if j >= len(b) {
				return append(keys, "esc")
			}
			seq := string(b[i+2 : j+1])
			switch seq {
			case "A":
				keys = append(keys, "up")
			case "B":
				keys = append(keys, "down")
			case "C":
				keys = append(keys, "right")
			case "D":
				keys = append(keys, "left")
			case "H", "1~", "7~":
				keys = append(keys, "home")
			case "F", "4~", "8~":
				keys = append(keys, "end")
			}
			i = j + 1
			continue
		case c == 0x1b:
			keys = append(keys, "esc")
		case c == '\r' || c == '\n':
			keys = append(keys, "enter")
		case c == 0x7f || c == 0x08:
			keys = append(keys, "backspace")
		case c == 0x03 || c == 0x04:
			keys = append(keys, "ctrl-c")
		case c == ' ':
			keys = append(keys, "space")
		case c >= 0x21 && c < 0x7f:
			keys = append(keys, string(c))
		}
		i++
	}
	return keys
}

// scriptKeys maps the key names a script may use, as README's key table
// and the help panel write them, to the names Stepper.Key takes. Words are
// matched without regard to case ("Home", "END"); single letters are not,
// since R, U, S and T go back where r, u, s and t go on.
var scriptKeys = map[string]string{
	"space": "space", "right": "right", "left": "left", "up": "up", "down": "down",
	"→": "right", "←": "left", "↑": "up", "↓": "down", "->": "right", "<-": "left",
	"home": "home", "end": "end", "esc": "esc", "escape": "esc", "ctrl-c": "q", "^c": "q", "quit": "q",
}

// scriptKey turns one line of a script into a key name for Stepper.Key,
// or says why it is not one.
func scriptKey(line string) (key string, problem string) {
	if k, ok := scriptKeys[strings.ToLower(line)]; ok {
		return k, ""
	}
	if rest, ok := strings.CutPrefix(line, "a "); ok && strings.TrimSpace(rest) != "" {
		return "a" + strings.TrimSpace(rest), ""
	}
	if rest, ok := strings.CutPrefix(line, "g"); ok {
		rest = strings.TrimSpace(rest)
		if rest == "" {
			return "", "g needs a step number, as in g120"
		}
		if _, err := strconv.ParseInt(rest, 10, 64); err != nil {
			return "", fmt.Sprintf("g needs a step number, as in g120, not %q", rest)
		}
		return "g" + rest, ""
	}
	if validKey(line) {
		return line, ""
	}
	if low := strings.ToLower(line); len(line) == 1 && low != line && validKey(low) {
		return "", fmt.Sprintf("keys are case-sensitive: did you mean %q?", low)
	}
	return "", ""
}

// scriptKeyList names the keys a script may use, for the warnings.
const scriptKeyList = "n, space, right (→), b, left (←), r u s t, R U S T, g<step>, home, end, l, ?, esc, q; p (predict mode), a<answer>, m (timeline)"

// RunScript is the non-interactive mode: it writes the view it starts at,
// then reads one key per line from in and after each writes a ruler line
// naming the key and the step, then the view. Keys are those of the
// interactive mode by the names README and the help panel use: "n",
// "space", "right" or "→", "b", "left" or "←", "r", "R", …, "g120" or
// "g 120", "home", "end", "l", "?", "esc", "q" (words in any case). Blank
// lines and lines starting with "#" are skipped, and so is a UTF-8 byte
// order mark before the first line (an editor's). A line that is no key is
// skipped with a warning on warn naming its line; the script goes on. So is
// a line longer than MaxScriptLine bytes, which no key is: it is read past
// without being kept, and the warning gives its size, not its text. "q"
// ends the script. Before anything is written, a screen too small for the
// view is an error, a *TooSmallError.
func RunScript(s *Stepper, in io.Reader, out, warn io.Writer) error {
	if err := s.CheckSize(); err != nil {
		return err
	}
	sc := newScriptReader(in)
	w := bufio.NewWriter(out)
	view := func(name string) {
		ruler := fmt.Sprintf("==== %s -> step %d/%d ", name, s.Step(), s.rec.Len())
		if pad := s.opt.Width - textwidth.Cols(ruler); pad > 0 {
			ruler += strings.Repeat("=", pad)
		}
		fmt.Fprintf(w, "%s\n%s\n", ruler, s.View())
	}
	view("start")
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		cmd := strings.TrimSpace(text)
		if sc.long == 0 && (cmd == "" || strings.HasPrefix(cmd, "#")) {
			continue
		}
		key, problem := scriptKey(cmd)
		if sc.long > 0 {
			key = ""
		}
		if key == "" {
			msg := fmt.Sprintf("step script line %d: unknown key %q, skipped", line, cmd)
			if sc.long > 0 {
				msg = fmt.Sprintf("step script line %d: %s bytes, too long for a key (a key is one short line), skipped", line, groupDigits(sc.long))
			} else if problem != "" {
				msg += " (" + problem + ")"
			} else {
				msg += " (keys: " + scriptKeyList + ")"
			}
			// The views so far go out first, so that the warning stands
			// where it happened when both streams go to one terminal.
			if err := w.Flush(); err != nil {
				return err
			}
			fmt.Fprintln(warn, msg)
			continue
		}
		if s.Key(key) {
			break
		}
		view(cmd)
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		return fmt.Errorf("reading the keys from stdin: %w", err)
	}
	return w.Flush()
}

// MaxScriptLine is the longest line RunScript reads as a key; a longer
// one is skipped (no key is more than a few bytes: "g 123456").
const MaxScriptLine = 4096

// scriptReader reads a script's lines, as bufio.Scanner does, except that
// a line longer than MaxScriptLine is not an error that ends the script:
// its bytes are read past, not kept, and long says how many there were.
type scriptReader struct {
	r    *bufio.Reader
	text string
	long int64 // the length of the line just read when it was too long, else 0
	err  error
}

func newScriptReader(in io.Reader) *scriptReader {
	return &scriptReader{r: bufio.NewReaderSize(in, MaxScriptLine+2)}
}

// Scan reads the next line (without its "\n" or "\r\n"); it returns false
// at the end of the input or on a read error (Err).
func (sr *scriptReader) Scan() bool {
	sr.text, sr.long = "", 0
	if sr.err != nil {
		return false
	}
	var keep []byte  // the line, while it is short enough to be a key
	var n int64      // its length so far
	var last [2]byte // its last two bytes
	for {
		b, err := sr.r.ReadSlice('\n')
		n += int64(len(b))
		if n <= MaxScriptLine+2 {
			keep = append(keep, b...)
		}
		switch {
		case len(b) >= 2:
			last = [2]byte{b[len(b)-2], b[len(b)-1]}
		case len(b) == 1:
			last = [2]byte{last[1], b[0]}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			sr.err = err // io.EOF: this line, if any, is the last
			if err != io.EOF || n == 0 {
				return false
			}
		}
		break
	}
	if last[1] == '\n' {
		n--
		if n > 0 && last[0] == '\r' {
			n--
		}
	}
	if n > MaxScriptLine {
		sr.long = n
		return true
	}
	sr.text = string(keep[:n])
	return true
}

// Text is the line Scan read ("" for a line too long to keep).
func (sr *scriptReader) Text() string { return sr.text }

// Err is the first read error, nil at the end of the input.
func (sr *scriptReader) Err() error {
	if sr.err == io.EOF {
		return nil
	}
	return sr.err
}

// groupDigits writes n with commas between groups of three digits:
// 5000000 is "5,000,000".
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
