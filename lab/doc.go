// Package lab runs balance studies of house rules (`houserules lab`, the
// play server's Lab page): the built-in AI plays itself under each of a
// study's rulesets, in pairs of games from one random opening with the
// colours swapped, and the results come per ruleset with 95% intervals.
//
// The work is spread through River (github.com/riverqueue/river), one job
// per pair of games, in the play server's SQLite file (riversqlite) or a
// PostgreSQL database (riverpgxv5) that workers on many machines share.
// A job's games are stored keyed by (job ID, game of the pair), so a job
// run again — its worker killed, then rescued by River — counts nothing
// twice, and a pair's seed depends on the study, ruleset and pair only, so
// the retry replays the same openings.
//
// Files: study.go (Study, ParseRulesets, PlayPair through arena.RunMatch,
// ReplayGame), db.go (the database: River's migrations and the lab_*
// tables, studies and games), jobs.go (the River job and worker, Enqueue,
// Work, Status, Cancel, Wait), stats.go (Wilson intervals, score, Elo and
// their errors), report.go (table, CSV, JSON), plot.go (the SVG plots
// drawn by gonum.org/v1/plot and the HTML report).
package lab
