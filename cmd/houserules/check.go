package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"houserules/variants"
)

func checkCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "check FILE.ini",
		Short: "Validate a variants file: one line per section, exit status 1 on any error",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := variants.LoadFile(args[0])
			if err != nil {
				return err
			}
			lines, bad := checkReport(f)
			for _, l := range lines {
				fmt.Println(l)
			}
			if bad > 0 {
				fmt.Fprintf(os.Stderr, "%d of %d sections have errors\n", bad, len(f.Sections))
				os.Exit(1)
			}
			return nil
		},
	}
}

// checkReport returns one line per section of f — "ok NAME" or "error
// NAME: reason" — and the number of sections with errors. A name defined
// more than once is followed by the line of each definition.
func checkReport(f *variants.File) (lines []string, bad int) {
	seen := map[string]int{}
	for _, s := range f.Sections {
		seen[s.Name]++
	}
	for _, s := range f.Sections {
		name := s.Name
		if seen[name] > 1 {
			name = fmt.Sprintf("%s (line %d)", name, s.Line)
		}
		if s.Err != nil {
			bad++
			lines = append(lines, fmt.Sprintf("error %s: %s", name, strings.ReplaceAll(s.Err.Error(), "\n", "; ")))
		} else {
			lines = append(lines, "ok "+name)
		}
	}
	return lines, bad
}

func variantsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "variants",
		Short: "List the built-in variant catalogue, one name per line",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, n := range variants.Names() {
				fmt.Println(n)
			}
			return nil
		},
	}
}
