//go:build searchstats

package search

// statsOn: this build counts the tree's shape (TreeStats).
const statsOn = true
