module example.com/embed

go 1.21
