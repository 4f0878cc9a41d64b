package position

// compiled holds the tables built by Compile.
type compiled struct{}
