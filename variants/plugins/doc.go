// Package plugins holds the variant plugins of seed 001 written in Go, one
// file each, registered with variants.Register from init. Import it for its
// side effect (as cmd/houserules does):
//
//	import _ "houserules/variants/plugins"
//
// Keys are the seed's camelCase keys; a plugin whose game the built-in
// catalogue already has under that name (in any case) takes another key
// (torpedoChess beside the catalogue's torpedo), as Register refuses a
// catalogue name (atomicChess, antichessPlugin, kingOfTheHillPlugin …: the
// Title says which game it is). Plugins with hooks (win conditions, move
// filters, before- and after-move, turn logic, init, visibility, Go-coded
// pieces) write them as Go functions on variants.Config; see
// variants/plugin_hooks.go.
package plugins
