package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/backtrack-edu/backtrack/lessons"
	"github.com/backtrack-edu/backtrack/render"
	"github.com/backtrack-edu/backtrack/tracer"
	"github.com/backtrack-edu/backtrack/tracer/problems/listkit"
)

// cmdCompletion prints a completion script for bash, zsh or fish, made
// from the commands' own flag sets (their -h), so it cannot drift from
// them: commands, problems, lesson names, flags and the values of the
// flags that take a word from a list.
func cmdCompletion(args []string, stdout io.Writer) error {
	const usage = "usage: backtrack completion bash|zsh|fish\n\n" +
		"Load it in the shell, e.g. for bash:\n  source <(backtrack completion bash)\n" +
		"or save it where the shell looks:\n" +
		"  backtrack completion bash > ~/.local/share/bash-completion/completions/backtrack\n" +
		"  backtrack completion zsh > \"${fpath[1]}/_backtrack\"\n" +
		"  backtrack completion fish > ~/.config/fish/completions/backtrack.fish\n"
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		_, err := io.WriteString(stdout, usage)
		return err
	}
	if len(args) != 1 {
		return usagef("completion needs one shell: bash, zsh or fish")
	}
	t, err := completionTable()
	if err != nil {
		return err
	}
	var script string
	switch args[0] {
	case "bash":
		script = t.bash()
	case "zsh":
		script = "#compdef backtrack\n# zsh completion for backtrack, through zsh's bash completion layer.\n" +
			"autoload -U +X bashcompinit && bashcompinit\n" + t.bash()
	case "fish":
		script = t.fish()
	default:
		return usagef("completion: unknown shell %q: want bash, zsh or fish", args[0])
	}
	_, err = io.WriteString(stdout, script)
	return err
}

// complCommand is a command's entry in the completion table.
type complCommand struct {
	name  string
	flags []string        // "--order", "-n", in the order -h prints them
	takes map[string]bool // the flags that take a value
	words []string        // the positional words it completes
}

// complTable is what the completion scripts complete.
type complTable struct {
	commands []complCommand
	values   map[string][]string // a flag's values, by "--name"; of every problem for the flags in perProblem
	files    map[string]bool     // flags whose value is a file or folder
	// perProblem holds, for the flags whose values depend on the problem
	// (--order, --check, --when, --dedup), each problem's own values, by
	// flag then problem name: offered when that problem is on the line.
	perProblem map[string]map[string][]string
	problems   []complProblem // in the order of tracer.Problems
}

// complProblem is a problem and the words that name it on a command line
// (its name and aliases).
type complProblem struct {
	name  string
	words []string
}

// helpFlag matches a flag line of a command's -h: "  --order string".
var helpFlag = regexp.MustCompile(`(?m)^  (--?[a-z0-9-]+)( \S+)?$`)

// completionTable reads every command's flags from its -h.
func completionTable() (*complTable, error) {
	ls, err := lessons.All()
	if err != nil {
		return nil, err
	}
	var lessonNames []string
	for _, l := range ls {
		lessonNames = append(lessonNames, l.Name)
	}
	problems := tracer.ProblemNames()
	t := &complTable{values: map[string][]string{}, files: map[string]bool{}}
	for _, c := range []struct {
		name  string
		help  []string
		words []string
	}{
		{"trace", []string{"trace", "-h"}, problems},
		{"render", []string{"render", "-h"}, nil},
		{"step", []string{"step", "-h"}, problems},
		{"lesson", []string{"lesson", "build", "-h"}, append([]string{"list", "build"}, lessonNames...)},
		{"compare", []string{"compare", "-h"}, problems},
		{"completion", nil, []string{"bash", "zsh", "fish"}},
		{"version", nil, nil},
		{"help", nil, nil},
	} {
		cc := complCommand{name: c.name, words: c.words, takes: map[string]bool{}}
		if c.help != nil {
			var out bytes.Buffer
			if err := dispatch(context.Background(), c.help, nil, &out, io.Discard); err != nil && !isHelp(err) {
				return nil, fmt.Errorf("completion: %s -h: %w", c.name, err)
			}
			for _, m := range helpFlag.FindAllStringSubmatch(out.String(), -1) {
				cc.flags = append(cc.flags, m[1])
				if m[2] != "" {
					cc.takes[m[1]] = true
				}
			}
			if len(cc.flags) == 0 {
				return nil, fmt.Errorf("completion: %s -h lists no flags", c.name)
			}
			cc.flags = append(cc.flags, "--help")
		}
		t.commands = append(t.commands, cc)
	}
	t.perProblem = map[string]map[string][]string{"--order": {}, "--check": {}, "--when": {}, "--dedup": {}}
	for _, d := range tracer.Problems() {
		t.problems = append(t.problems, complProblem{d.Name, append([]string{d.Name}, d.Aliases...)})
		pp := t.perProblem
		pp["--order"][d.Name] = strs(d.Orders)
		pp["--check"][d.Name] = strs(d.Checks)
		pp["--when"][d.Name] = strs(tracer.Whens)
		if d.Whens != nil {
			pp["--when"][d.Name] = strs(d.Whens)
		}
		pp["--dedup"][d.Name] = nil
		if listProblem(d) {
			pp["--dedup"][d.Name] = strs(listkit.Dedups)
		}
	}
	for f, byProblem := range t.perProblem {
		var all []string
		for _, vs := range byProblem {
			all = append(all, vs...)
		}
		t.values[f] = uniq(all)
	}
	if f := "--when"; len(t.values[f]) == len(tracer.Whens) {
		t.values[f] = strs(tracer.Whens) // in their own order, not sorted
	}
	t.values["--dedup"] = strs(listkit.Dedups)
	t.values["--drop"] = strs(tracer.Drops)
	t.values["--lang"] = strs(tracer.Langs)
	t.values["--layout"] = []string{"tidy", "dot"}
	t.values["--legend"] = []string{"full", "short", "none"}
	t.values["--fit"] = []string{"16:9", "4:3", "none"}
	t.values["--frames-format"] = []string{"svg", "png"}
	t.values["--every"] = render.EveryKinds
	t.values["--scale"] = []string{"1", "2", "3"}
	for _, f := range []string{"--dot", "--svg", "--png", "--html", "--gif", "--frames", "--yaml", "--stats", "--puzzle", "-o", "--site", "--chart", "--md"} {
		t.files[f] = true
	}
	return t, nil
}

// listProblem reports whether the problem d takes a list of numbers
// (--nums, --target, --reuse, --dedup): its puzzle text is a Numbers.
func listProblem(d *tracer.Def) bool {
	if d.Puzzle == nil || d.Puzzle.Parse == nil {
		return false
	}
	v, err := d.Puzzle.Parse(d.Puzzle.Default)
	_, ok := v.(listkit.Numbers)
	return err == nil && ok
}

// isHelp reports whether err is the flag package's "help was asked for".
func isHelp(err error) bool { return errors.Is(err, flag.ErrHelp) }

func uniq(vs []string) []string {
	vs = slices.Clone(vs)
	sort.Strings(vs)
	return slices.Compact(vs)
}

// valueFlags lists the flags with a list of values, sorted.
func (t *complTable) valueFlags() []string {
	var fs []string
	for f := range t.values {
		fs = append(fs, f)
	}
	sort.Strings(fs)
	return fs
}

// bash is the bash completion script: a function that finds the command
// (the first word not a flag), completes a flag's value after a flag that
// takes one, a flag after "-", else the command's words.
func (t *complTable) bash() string {
	var b strings.Builder
	b.WriteString("# bash completion for backtrack: source <(backtrack completion bash)\n")
	b.WriteString("_backtrack() {\n")
	b.WriteString("  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" cmd=\"\" i w\n")
	b.WriteString("  [[ $COMP_CWORD -gt 0 ]] && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n")
	b.WriteString("  for ((i = 1; i < COMP_CWORD; i++)); do\n")
	b.WriteString("    w=\"${COMP_WORDS[i]}\"\n")
	b.WriteString("    if [[ $w != -* ]]; then cmd=\"$w\"; break; fi\n")
	b.WriteString("  done\n")
	b.WriteString("  if [[ -z $cmd ]]; then\n")
	var names []string
	for _, c := range t.commands {
		names = append(names, c.name)
	}
	fmt.Fprintf(&b, "    COMPREPLY=($(compgen -W %q -- \"$cur\"))\n    return\n  fi\n", strings.Join(names, " "))
	// The problem on the line, if any: the first word that names one.
	b.WriteString("  local prob=\"\"\n")
	b.WriteString("  for ((i = 1; i < COMP_CWORD; i++)); do\n")
	b.WriteString("    case \"${COMP_WORDS[i]}\" in\n")
	for _, p := range t.problems {
		fmt.Fprintf(&b, "      %s) prob=%s; break ;;\n", strings.Join(p.words, "|"), p.name)
	}
	b.WriteString("    esac\n  done\n")
	// A flag's value.
	b.WriteString("  case \"$prev\" in\n")
	for _, f := range t.valueFlags() {
		if byProblem, ok := t.perProblem[f]; ok {
			fmt.Fprintf(&b, "    %s)\n      case \"$prob\" in\n", f)
			for _, p := range t.problems {
				fmt.Fprintf(&b, "        %s) COMPREPLY=($(compgen -W %q -- \"$cur\")) ;;\n", p.name, strings.Join(byProblem[p.name], " "))
			}
			fmt.Fprintf(&b, "        *) COMPREPLY=($(compgen -W %q -- \"$cur\")) ;;\n      esac\n      return ;;\n", strings.Join(t.values[f], " "))
			continue
		}
		fmt.Fprintf(&b, "    %s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", f, strings.Join(t.values[f], " "))
	}
	var files []string
	for f := range t.files {
		files = append(files, f)
	}
	sort.Strings(files)
	fmt.Fprintf(&b, "    %s) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", strings.Join(files, "|"))
	b.WriteString("  esac\n")
	b.WriteString("  case \"$cmd\" in\n")
	for _, c := range t.commands {
		var takes []string
		for _, f := range c.flags {
			if c.takes[f] && len(t.values[f]) == 0 && !t.files[f] {
				takes = append(takes, f)
			}
		}
		fmt.Fprintf(&b, "    %s)\n", c.name)
		if len(takes) > 0 {
			// A value to type (a number, a duration): nothing to offer.
			fmt.Fprintf(&b, "      case \"$prev\" in %s) return ;; esac\n", strings.Join(takes, "|"))
		}
		fmt.Fprintf(&b, "      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W %q -- \"$cur\")); return; fi\n", strings.Join(c.flags, " "))
		switch {
		case len(c.words) > 0:
			fmt.Fprintf(&b, "      COMPREPLY=($(compgen -W %q -- \"$cur\"))\n", strings.Join(c.words, " "))
		case c.name == "render":
			b.WriteString("      COMPREPLY=($(compgen -f -- \"$cur\"))\n")
		}
		b.WriteString("      ;;\n")
	}
	b.WriteString("  esac\n}\n")
	b.WriteString("complete -F _backtrack backtrack\n")
	return b.String()
}

// fish is the fish completion script.
func (t *complTable) fish() string {
	var b strings.Builder
	b.WriteString("# fish completion for backtrack: backtrack completion fish | source\n")
	var names []string
	for _, c := range t.commands {
		names = append(names, c.name)
	}
	fmt.Fprintf(&b, "complete -c backtrack -f\n")
	fmt.Fprintf(&b, "complete -c backtrack -n __fish_use_subcommand -a %q\n", strings.Join(names, " "))
	for _, c := range t.commands {
		cond := "__fish_seen_subcommand_from " + c.name
		if len(c.words) > 0 {
			fmt.Fprintf(&b, "complete -c backtrack -n %q -a %q\n", cond, strings.Join(c.words, " "))
		}
		if c.name == "render" {
			fmt.Fprintf(&b, "complete -c backtrack -n %q -F\n", cond)
		}
		for _, f := range c.flags {
			opt := "-l " + strings.TrimPrefix(f, "--")
			if !strings.HasPrefix(f, "--") {
				opt = "-o " + strings.TrimPrefix(f, "-")
			}
			byProblem, perProblem := t.perProblem[f]
			switch {
			case perProblem:
				// Each problem's own values once it is on the line; every
				// problem's before.
				var all []string
				for _, p := range t.problems {
					all = append(all, p.words...)
					fmt.Fprintf(&b, "complete -c backtrack -n %q %s -x -a %q\n",
						cond+"; and __fish_seen_subcommand_from "+strings.Join(p.words, " "), opt, strings.Join(byProblem[p.name], " "))
				}
				fmt.Fprintf(&b, "complete -c backtrack -n %q %s -x -a %q\n",
					cond+"; and not __fish_seen_subcommand_from "+strings.Join(all, " "), opt, strings.Join(t.values[f], " "))
			case len(t.values[f]) > 0:
				fmt.Fprintf(&b, "complete -c backtrack -n %q %s -x -a %q\n", cond, opt, strings.Join(t.values[f], " "))
			case t.files[f]:
				fmt.Fprintf(&b, "complete -c backtrack -n %q %s -r -F\n", cond, opt)
			case c.takes[f]:
				fmt.Fprintf(&b, "complete -c backtrack -n %q %s -x\n", cond, opt)
			default:
				fmt.Fprintf(&b, "complete -c backtrack -n %q %s\n", cond, opt)
			}
		}
	}
	return b.String()
}
