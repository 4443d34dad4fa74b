package awk

// expr is an expression node; stmt a statement node. The evaluator
// switches on their concrete types.
type (
	expr interface{}
	stmt interface{}
)

type (
	numLit   struct{ v float64 }
	strLit   struct{ s string }
	regexLit struct{ re *awkRegex } // /re/ alone: $0 ~ /re/
	varRef   struct {
		local bool
		idx   int
		name  string
	}
	fieldRef struct{ index expr }
	indexRef struct {
		arr  *varRef
		subs []expr
	}
	assignExpr struct {
		lhs expr // *varRef, *fieldRef or *indexRef
		op  tok  // tAssign or an operator-assign token
		rhs expr
	}
	condExpr   struct{ c, a, b expr }
	binaryExpr struct {
		op   tok
		l, r expr
	}
	andExpr   struct{ l, r expr }
	orExpr    struct{ l, r expr }
	matchExpr struct {
		l, re expr
		neg   bool
	}
	inExpr struct {
		subs []expr
		arr  *varRef
	}
	unaryExpr struct {
		op tok
		e  expr
	}
	incDecExpr struct {
		lhs   expr
		pre   bool
		delta float64
	}
	concatExpr struct{ parts []expr }
	groupExpr  struct{ e expr }
	groupList  struct{ items []expr } // (a, b): only before in, or print's list
	callExpr   struct {
		name string
		fn   *function
		args []expr
		line int
	}
	builtinExpr struct {
		name string
		args []expr
	}
	// getlineExpr is getline [lhs] [< src], or src | getline [lhs]
	// (cmd set).
	getlineExpr struct {
		lhs expr
		src expr
		cmd bool
	}
)

type (
	printStmt struct {
		args   []expr
		printf bool
		redir  tok // 0, tGreater, tAppend or tPipe
		dest   expr
		line   int
	}
	exprStmt struct {
		e    expr
		line int
	}
	ifStmt struct {
		c         expr
		then, els stmt
	}
	whileStmt struct {
		c    expr
		body stmt
	}
	doStmt struct {
		body stmt
		c    expr
	}
	forStmt struct {
		init, post stmt
		c          expr
		body       stmt
	}
	forInStmt struct {
		v    *varRef
		arr  *varRef
		body stmt
	}
	blockStmt    struct{ list []stmt }
	nextStmt     struct{}
	nextfileStmt struct{}
	exitStmt     struct{ e expr }
	returnStmt   struct{ e expr }
	breakStmt    struct{}
	continueStmt struct{}
	deleteStmt   struct {
		arr  *varRef
		subs []expr // nil: the whole array
	}
)

// item is a pattern-action pair; pat2 is set for a range.
type item struct {
	pat, pat2 expr
	body      *blockStmt // nil: print $0
	inRange   bool
}

type function struct {
	name   string
	params []string
	body   *blockStmt
	line   int
}

// program is a parsed awk program.
type program struct {
	begin, end []*blockStmt
	items      []*item
	funcs      map[string]*function
	globals    map[string]int
	nglobals   int
}
