package vfs

import (
	"os/user"
	"strconv"
)

// LookupUser returns the id of the user called name, as find -user and
// chown need it. It finds only names that [FS.UserName] would show, so a
// workspace without a user database (memory) knows no names.
func (f *FS) LookupUser(name string) (uint32, bool) {
	u, err := user.Lookup(name)
	if err != nil {
		return 0, name == "root" && f.UserName(0) == "root"
	}
	id, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil || f.UserName(uint32(id)) != name {
		return 0, false
	}
	return uint32(id), true
}

// LookupGroup returns the id of the group called name (see
// [FS.LookupUser]).
func (f *FS) LookupGroup(name string) (uint32, bool) {
	g, err := user.LookupGroup(name)
	if err != nil {
		return 0, name == "root" && f.GroupName(0) == "root"
	}
	id, err := strconv.ParseUint(g.Gid, 10, 32)
	if err != nil || f.GroupName(uint32(id)) != name {
		return 0, false
	}
	return uint32(id), true
}
