module houserules

go 1.26.8
