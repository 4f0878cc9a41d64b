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
			bad := 0
			for _, s := range f.Sections {
				if s.Err != nil {
					bad++
					fmt.Printf("error %s: %s\n", s.Name, strings.ReplaceAll(s.Err.Error(), "\n", "; "))
				} else {
					fmt.Printf("ok %s\n", s.Name)
				}
			}
			if bad > 0 {
				fmt.Fprintf(os.Stderr, "%d of %d sections have errors\n", bad, len(f.Sections))
				os.Exit(1)
			}
			return nil
		},
	}
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
