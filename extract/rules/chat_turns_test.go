package rules

import "testing"

// TestEqualsCopula: a chat's "=" between a name and a possessive reads as
// "is"; sums and symbols are left alone.
func TestEqualsCopula(t *testing.T) {
	for _, c := range [][2]string{
		{"Kit = my girlfriend 🙄", "Kit is my girlfriend 🙄"},
		{"Rowan = her dog, not bf", "Rowan is her dog, not bf"},
		{"2 + 2 = 4", "2 + 2 = 4"},
		{"x = y", "x = y"},
	} {
		if got := equalsCopula(c[0]); got != c[1] {
			t.Errorf("equalsCopula(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}
