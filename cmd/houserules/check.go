package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"houserules/variants"
)

func checkCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "check [FILE.ini]",
		Short: "Validate a variants file (without one: the variant plugins): one line per section or plugin, exit status 1 on any error",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				lines, bad := pluginReport()
				for _, l := range lines {
					fmt.Println(l)
				}
				if bad > 0 {
					fmt.Fprintf(os.Stderr, "%d of %d plugins have errors\n", bad, len(lines))
					os.Exit(1)
				}
				return nil
			}
			f, err := variants.LoadFile(args[0])
			var ve *variants.Error
			if err != nil && !errors.As(err, &ve) {
				// I/O (no such file, a directory): an error like any other,
				// exit status 1 as the command promises
				fmt.Fprintln(os.Stderr, "houserules:", err)
				os.Exit(1)
			}
			lines, bad := checkReport(f, err)
			for _, l := range lines {
				fmt.Println(l)
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s does not load: errors outside the sections\n", args[0])
			}
			if bad > 0 {
				fmt.Fprintf(os.Stderr, "%d of %d sections have errors\n", bad, len(f.Sections))
			}
			if err != nil || bad > 0 {
				os.Exit(1)
			}
			return nil
		},
	}
}

// checkReport returns one line per section of f — "ok NAME" or "error
// NAME: reason" — and the number of sections with errors. A name defined
// more than once is followed by the line of each definition. fileErr, the
// error of Load about the file as a whole (no section, text before the
// first section, not UTF-8), comes first: one "error: reason" line for each
// of its problems.
func checkReport(f *variants.File, fileErr error) (lines []string, bad int) {
	if fileErr != nil {
		for _, l := range strings.Split(fileErr.Error(), "\n") {
			lines = append(lines, "error: "+l)
		}
	}
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

// pluginReport returns one line per registered variant plugin — "ok KEY"
// or "error KEY: reason" — and the number with errors.
func pluginReport() (lines []string, bad int) {
	for _, p := range variants.Plugins() {
		if p.Err != nil {
			bad++
			lines = append(lines, fmt.Sprintf("error %s: %s", p.Key, strings.ReplaceAll(p.Err.Error(), "\n", "; ")))
		} else {
			lines = append(lines, "ok "+p.Key)
		}
	}
	return lines, bad
}

func variantsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "variants",
		Short: "List the built-in variant catalogue and the variant plugins, one name per line (a plugin that does not load: an error on stderr, exit status 1)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, n := range variants.AllNames() {
				fmt.Println(n)
			}
			lines, bad := pluginReport()
			for _, l := range lines {
				if strings.HasPrefix(l, "error ") {
					fmt.Fprintln(os.Stderr, l)
				}
			}
			if bad > 0 {
				os.Exit(1)
			}
			return nil
		},
	}
}
