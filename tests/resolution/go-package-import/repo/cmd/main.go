package main

import (
	"fmt"

	"example.com/app/store"
)

func Open() {}

func main() {
	store.Open("db")
	store.Helper()
	fmt.Println("done")
	Open()
}
