package datetime

// The items of GNU date strings (see datetime.go). Each method follows a
// group of rules of gnulib's parse-datetime.y; where bison shifts on a
// conflict, these look one token further.

// item parses one item and records it.
func (p *dtParser) item() bool {
	switch t := p.peek(0); {
	case t.kind == dtUnum:
		return p.unumItem()
	case t.kind == dtMonth:
		return p.monthDate()
	case t.kind == dtDay:
		p.next()
		p.accept(dtChar, ',')
		p.dayOrdinal, p.dayNumber = 0, t.val
		p.daysSeen++
		return true
	case t.kind == dtOrdinal && p.peek(1).kind == dtDay:
		p.next()
		p.dayOrdinal, p.dayNumber = t.val, p.next().val
		p.daysSeen++
		return true
	case t.kind == dtZone || t.kind == dtT:
		return p.zone()
	case t.kind == dtDayZone:
		p.next()
		p.timeZone = t.val + hour
		p.zonesSeen++
		return true
	case t.kind == dtLocalZone:
		p.next()
		p.localIsDST = t.val
		if _, ok := p.accept(dtDST, 0); ok {
			p.localIsDST = 1
			p.dstsSeen++
		}
		p.localZonesSeen++
		return true
	case t.kind == dtDayShift:
		p.next()
		p.rel.day += t.val
		p.relsSeen = true
		return true
	}
	return p.relItem()
}

// relItem parses a relative item: a unit with an optional count, then
// an optional "ago" or "hence".
func (p *dtParser) relItem() bool {
	r, ok := p.relunit()
	if !ok {
		return false
	}
	factor := int64(1)
	if t, ok := p.accept(dtAgo, 0); ok {
		factor = t.val
	}
	p.rel.add(r, factor)
	p.relsSeen = true
	return true
}

// relunit parses [ORDINAL|NUMBER|DECIMAL] UNIT.
func (p *dtParser) relunit() (dtRel, bool) {
	t := p.peek(0)
	if t.isUnit() {
		p.next()
		return unitRel(t, 1, 0), true
	}
	u := p.peek(1)
	switch t.kind {
	case dtOrdinal, dtUnum, dtSnum:
		if !u.isUnit() {
			return dtRel{}, false
		}
	case dtUdec, dtSdec:
		if u.kind != dtSecUnit {
			return dtRel{}, false
		}
	default:
		return dtRel{}, false
	}
	p.i += 2
	return unitRel(u, t.val, t.ns), true
}

// unitRel is n units (u's table value multiplies days: week, fortnight).
func unitRel(u dtToken, n, ns int64) dtRel {
	var r dtRel
	switch u.kind {
	case dtYearUnit:
		r.year = n
	case dtMonthUnit:
		r.month = n
	case dtDayUnit:
		r.day = n * u.val
	case dtHourUnit:
		r.hour = n
	case dtMinuteUnit:
		r.minutes = n
	case dtSecUnit:
		r.seconds, r.ns = n, ns
	}
	return r
}

// unumItem parses the items that start with an unsigned number.
func (p *dtParser) unumItem() bool {
	n := p.peek(0)
	switch nx := p.peek(1); {
	case nx.kind == dtChar && nx.val == ':':
		return p.clockTime()
	case nx.kind == dtMeridian:
		p.i += 2
		p.setTime(n.val, 0, 0, 0)
		p.meridian = int(nx.val)
		p.timesSeen++
		return true
	case nx.kind == dtSnum:
		return p.unumSnum()
	case nx.kind == dtMonth:
		p.i += 2
		p.day, p.month = n.val, nx.val
		if t, ok := p.accept(dtSnum, 0); ok {
			p.year = dtNum{value: -t.val, digits: t.digits}
		} else if t, ok := p.accept(dtUnum, 0); ok {
			p.year = t.num()
		}
		p.datesSeen++
		return true
	case nx.kind == dtChar && nx.val == '/':
		return p.slashDate()
	case nx.kind == dtDay:
		p.i += 2
		p.dayOrdinal, p.dayNumber = n.val, nx.val
		p.daysSeen++
		return true
	case nx.isUnit():
		return p.relItem()
	}
	p.next()
	p.digitsToDateTime(n.num())
	return true
}

// unumSnum handles NUMBER SIGNED...: an ISO date (2024-02-29, maybe
// followed by T and a time), a number with a relative offset
// (20240229 +1 day), or an hour with a zone offset (10+02).
func (p *dtParser) unumSnum() bool {
	n, s := p.peek(0), p.peek(1)
	switch third := p.peek(2); {
	case third.kind == dtSnum:
		p.i += 3
		p.year, p.month, p.day = n.num(), -s.val, -third.val
		if _, ok := p.accept(dtT, 0); ok {
			p.timesSeen++
			p.datesSeen++
			return p.isoTime()
		}
		p.datesSeen++
		return true
	case third.isUnit():
		p.next()
		p.digitsToDateTime(n.num())
		return p.relItemNoAgo()
	}
	p.next()
	p.setTime(n.val, 0, 0, 0)
	p.meridian = mer24
	p.timesSeen++
	return p.zoneOffset()
}

// relItemNoAgo applies a SIGNED UNIT without a following "ago".
func (p *dtParser) relItemNoAgo() bool {
	r, ok := p.relunit()
	if !ok {
		return false
	}
	p.rel.add(r, 1)
	p.relsSeen = true
	return true
}

// isoTime parses the time after an ISO 8601 'T': HH zone, HH:MM[:SS]
// [zone].
func (p *dtParser) isoTime() bool {
	h := p.peek(0)
	if h.kind != dtUnum {
		return false
	}
	if c := p.peek(1); c.kind == dtChar && c.val == ':' {
		return p.clockTimeCounted(false)
	}
	p.next()
	p.setTime(h.val, 0, 0, 0)
	p.meridian = mer24
	return p.peek(0).kind == dtSnum && p.zoneOffset()
}

// clockTime parses HH:MM[:SS[.NNN]] followed by am/pm or a zone offset.
func (p *dtParser) clockTime() bool { return p.clockTimeCounted(true) }

func (p *dtParser) clockTimeCounted(count bool) bool {
	h := p.next()
	p.next() // ':'
	m, ok := p.accept(dtUnum, 0)
	if !ok {
		return false
	}
	var sec, ns int64
	if _, ok := p.accept(dtChar, ':'); ok {
		switch t := p.next(); t.kind {
		case dtUnum:
			sec = t.val
		case dtUdec:
			sec, ns = t.val, t.ns
		default:
			return false
		}
	}
	p.setTime(h.val, m.val, sec, ns)
	p.meridian = mer24
	if count {
		p.timesSeen++
		if t, ok := p.accept(dtMeridian, 0); ok {
			p.meridian = int(t.val)
			return true
		}
	}
	if p.peek(0).kind == dtSnum {
		return p.zoneOffset()
	}
	return true
}

func (p *dtParser) setTime(h, m, s, ns int64) {
	p.hour, p.minutes, p.seconds, p.ns = h, m, s, ns
}

// zoneOffset parses SIGNED [':' NUMBER] as a numeric zone.
func (p *dtParser) zoneOffset() bool {
	s := p.next()
	mm := int64(-1)
	if _, ok := p.accept(dtChar, ':'); ok {
		t, ok := p.accept(dtUnum, 0)
		if !ok {
			return false
		}
		mm = t.val
	}
	p.zonesSeen++
	return p.setZoneHHMM(s.num(), mm)
}

// setZoneHHMM is gnulib's time_zone_hhmm: +5 and +05 are hours, +0530
// is hours and minutes, and +5:30 has its minutes apart.
func (p *dtParser) setZoneHHMM(s dtNum, mm int64) bool {
	v := s.value
	if s.digits <= 2 && mm < 0 {
		v *= 100
	}
	var minutes int64
	if mm < 0 {
		minutes = v/100*60 + v%100
	} else {
		minutes = v * 60
		if s.neg {
			minutes -= mm
		} else {
			minutes += mm
		}
	}
	if minutes < -24*60 || minutes > 24*60 || v > 1<<40 || v < -(1<<40) {
		return false
	}
	p.timeZone = minutes * 60
	return true
}

// zone parses a named zone with an optional offset, DST or relative
// part (UTC, UTC+2, CET DST, T, Z).
func (p *dtParser) zone() bool {
	z := p.next()
	base := z.val
	if z.kind == dtT {
		base = -7 * hour
	}
	p.timeZone = base
	p.zonesSeen++
	s := p.peek(0)
	switch {
	case s.kind == dtSnum && p.peek(1).isUnit():
		return p.relItemNoAgo()
	case s.kind == dtSnum && z.kind == dtZone:
		if !p.zoneOffsetNoCount() {
			return false
		}
		p.timeZone += base
	case s.kind == dtDST && z.kind == dtZone:
		p.next()
		p.timeZone = base + hour
	}
	return true
}

func (p *dtParser) zoneOffsetNoCount() bool {
	if !p.zoneOffset() {
		return false
	}
	p.zonesSeen--
	return true
}

// monthDate parses MONTH DAY [, YEAR] and MONTH-DAY-YEAR.
func (p *dtParser) monthDate() bool {
	m := p.next()
	p.month = m.val
	switch t := p.next(); t.kind {
	case dtSnum:
		y, ok := p.accept(dtSnum, 0)
		if !ok {
			return false
		}
		p.day = -t.val
		p.year = dtNum{value: -y.val, digits: y.digits}
	case dtUnum:
		p.day = t.val
		if _, ok := p.accept(dtChar, ','); ok {
			y, ok := p.accept(dtUnum, 0)
			if !ok {
				return false
			}
			p.year = y.num()
		}
	default:
		return false
	}
	p.datesSeen++
	return true
}

// slashDate parses MM/DD, MM/DD/YY and YYYY/MM/DD.
func (p *dtParser) slashDate() bool {
	a := p.next()
	p.next() // '/'
	b, ok := p.accept(dtUnum, 0)
	if !ok {
		return false
	}
	p.month, p.day = a.val, b.val
	if _, ok := p.accept(dtChar, '/'); ok {
		c, ok := p.accept(dtUnum, 0)
		if !ok {
			return false
		}
		if a.digits >= 4 {
			p.year, p.month, p.day = a.num(), b.val, c.val
		} else {
			p.year = c.num()
		}
	}
	p.datesSeen++
	return true
}

// digitsToDateTime reads a bare number: a year after a date, YYYYMMDD, or
// HH / HHMM.
func (p *dtParser) digitsToDateTime(n dtNum) {
	if p.datesSeen > 0 && p.year.digits == 0 && !p.relsSeen && (p.timesSeen > 0 || n.digits > 2) {
		p.year = n
		return
	}
	if n.digits > 4 {
		p.datesSeen++
		p.day = n.value % 100
		p.month = n.value / 100 % 100
		p.year = dtNum{value: n.value / 10000, digits: n.digits - 4}
		return
	}
	p.timesSeen++
	if n.digits <= 2 {
		p.hour, p.minutes = n.value, 0
	} else {
		p.hour, p.minutes = n.value/100, n.value%100
	}
	p.seconds, p.ns = 0, 0
	p.meridian = mer24
}
