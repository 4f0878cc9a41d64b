//go:build !searchstats

package search

// statsOn: the default build does not count the tree's shape (TreeStats).
const statsOn = false
