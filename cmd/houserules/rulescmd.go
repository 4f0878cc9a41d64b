package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"houserules/rules"
)

func rulesCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "rules", Short: "House-rule presets: list them, explain a ruleset",
		// without a subcommand: the help; with an unknown one: an error
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			return fmt.Errorf("unknown command %q for \"houserules rules\" (list, explain)", args[0])
		}}
	cmd.AddCommand(&cobra.Command{
		Use:   "list",
		Short: "List the presets: ID, name, category, mode, requires, incompatible",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Printf("%-26s %-26s %-20s %-9s %-16s %s\n", "ID", "NAME", "CATEGORY", "MODE", "REQUIRES", "INCOMPATIBLE")
			for _, p := range rules.Presets() {
				in := p.Info()
				fmt.Printf("%-26s %-26s %-20s %-9s %-16s %s\n", in.ID, in.Name, in.Category, in.Mode,
					dash(strings.Join(in.Requires, ",")), dash(strings.Join(in.Incompatible, ",")))
			}
			return nil
		},
	})
	var g gameFlags
	explain := &cobra.Command{
		Use:   "explain",
		Short: "Show the active productions of a ruleset and what each preset added, retracted or overrode",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			resolved, err := g.resolve()
			if err != nil {
				return err
			}
			fmt.Print(rules.Explain(resolved.Ruleset))
			return nil
		},
	}
	g.add(explain, false)
	cmd.AddCommand(explain)
	return cmd
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
