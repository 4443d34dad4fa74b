package builtins

// The --version authors of the text commands (digests, encodings, line
// and byte tools), kept apart from the main list so that each group of
// commands adds its own.
func init() {
	for name, authors := range map[string]string{
		"md5sum":    "Ulrich Drepper, Scott Miller, and David Madore",
		"sha1sum":   "Ulrich Drepper, Scott Miller, and David Madore",
		"sha224sum": "Ulrich Drepper, Scott Miller, and David Madore",
		"sha256sum": "Ulrich Drepper, Scott Miller, and David Madore",
		"sha384sum": "Ulrich Drepper, Scott Miller, and David Madore",
		"sha512sum": "Ulrich Drepper, Scott Miller, and David Madore",
		"b2sum":     "Padraig Brady and Samuel Neves",
		"cksum":     "Padraig Brady and Q. Frank Xia",
		"sum":       "Kayvan Aghaiepour and David MacKenzie",
		"base64":    "Simon Josefsson",
		"base32":    "Simon Josefsson",
		"tac":       "Jay Lepreau and David MacKenzie",
		"nl":        "Scott Bartram and David MacKenzie",
		"fold":      "David MacKenzie",
		"fmt":       "Ross Paterson",
		"comm":      "Richard M. Stallman and David MacKenzie",
		"join":      "Mike Haertel",
		"expand":    "David MacKenzie",
		"unexpand":  "David MacKenzie",
		"csplit":    "Stuart Kemp and David MacKenzie",
		"split":     "Torbjorn Granlund and Richard M. Stallman",
		"od":        "Jim Meyering",
		"numfmt":    "Assaf Gordon",
		"expr":      "Mike Parker, James Youngman, and Paul Eggert",
		"factor":    "Paul Rubin, Torbjörn Granlund, and Niels Möller",
		"shuf":      "Paul Eggert",
		"tsort":     "Mark Kettenis",
	} {
		coreutilsAuthors[name] = authors
	}
}
