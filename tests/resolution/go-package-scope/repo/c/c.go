package c

func helper() {}

func len(x int) int { return x }
