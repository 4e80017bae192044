// Command palindrome is backtrack's whole command line with LeetCode 131,
// palindrome partitioning (分割回文串), beside the built-in problems:
//
//	go run ./cmd/palindrome trace palindrome                # "aab": 2 partitions
//	go run ./cmd/palindrome trace palindrome --puzzle racecar --svg tree.svg
//	go run ./cmd/palindrome step palindrome --puzzle abba
//	go run ./cmd/palindrome render steps.yaml --html steps.html
package main

import (
	"os"

	"example.com/palindrome"
	"github.com/backtrack-edu/backtrack/render/cli"
)

func main() { os.Exit(cli.Main(os.Args, palindrome.Def)) }
