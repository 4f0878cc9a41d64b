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

// checkReport returns one line per section of f and the number of
// sections with errors (variants.CheckReport: the play server reports a
// custom block the same way).
func checkReport(f *variants.File, fileErr error) (lines []string, bad int) {
	return variants.CheckReport(f, fileErr)
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
