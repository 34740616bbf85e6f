package model

import (
	"sync"
	"time"

	"example.com/app/audit"
)

// User is a registered account.
type User struct {
	// ID is the primary key.
	ID        int64
	Name      string `json:"name"`
	email     string
	X, Y      float64 // coordinates
	CreatedAt time.Time
	Roles     []Role
	Tags      map[string]*Tag
	_         struct{}
}

// Account embeds its owner and a lock.
type Account struct {
	User
	*Ledger
	sync.Mutex
	*audit.Trail
	Cache[string]
	Limits struct {
		Daily   int
		Monthly int
	}
	History []struct {
		At     time.Time
		Amount int
	}
}

type point struct{ x, y int }

// Empty holds nothing.
type Empty struct{}
