package v

var X Export

const mathPackage = Path("math")

func use() {
	ms := X.StateOf()
	ms.Store()
	var nt NullTime
	nt.Scan()
	mathPackage.Ident()
}
