package p

type Info struct{}

func (i *Info) Init() {}

type Enum struct{}

func (e *Enum) Init() {}

type Reg struct{}

func (r *Reg) Init() {}

var infos = make([]Info, 2)

var reg = new(Reg)

func setup(list []Enum) {
	mi := &infos[0]
	mi.Init()
	ei := &list[1]
	ei.Init()
	reg.Init()
	local := make([]Enum, 1)
	local[0].Init()
}
