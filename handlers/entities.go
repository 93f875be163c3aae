package handlers

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// Entities and the graph: /v1/entities… and /v1/graph/….

// lookupParam reads a query parameter naming an entity by id or name.
func lookupParam(c *gin.Context, name string, required bool) (string, error) {
	v := c.Query(name)
	return v, ontology.CheckLookup(name, v, required)
}

// timeView reads the optional as_of and known_at query parameters (RFC
// 3339); one given blank (?as_of=) is refused, as an empty integer
// parameter is, rather than read as now.
func timeView(c *gin.Context) (ontology.TimeView, error) {
	for _, name := range []string{"as_of", "known_at"} {
		if v, given := c.GetQuery(name); given && strings.TrimSpace(v) == "" {
			return ontology.TimeView{}, ontology.Errorf(ontology.EValidation, "%s is given empty; give an RFC 3339 time (like 2023-05-08T13:56:00Z) or leave it out", name)
		}
	}
	return ontology.ParseTimeView(c.Query("as_of"), c.Query("known_at"))
}

func entityID(c *gin.Context) (string, error) {
	return pathParam(c, "entity_id", func(id string) error { return ontology.ValidateName("entity id", id, ontology.MaxIDRunes) })
}

func (h *api) listEntities(c *gin.Context) (int, any, error) {
	conv, err := ontology.OptionalConversation(c.Query("conversation_id"))
	if err != nil {
		return 0, nil, err
	}
	q, err := lookupParam(c, "q", false)
	if err != nil {
		return 0, nil, err
	}
	limit, err := intParam(c, "limit", ontology.DefaultEntityLimit, 1, ontology.MaxEntityResults)
	if err != nil {
		return 0, nil, err
	}
	typ := ontology.EntityType(c.Query("type"))
	if typ != "" && !typ.Valid() {
		return 0, nil, ontology.Errorf(ontology.EValidation, "type must be one of %v, got %q", ontology.EntityTypes, typ)
	}
	view, err := timeView(c)
	if err != nil {
		return 0, nil, err
	}
	ents, err := h.Knowledge.Entities(c.Request.Context(), ontology.EntityQuery{Tenant: h.tenant(c), Conversation: conv, Text: q, Type: typ, Limit: limit, TimeView: view})
	return http.StatusOK, gin.H{"entities": ents}, err
}

func (h *api) getEntity(c *gin.Context) (int, any, error) {
	id, err := entityID(c)
	if err != nil {
		return 0, nil, err
	}
	view, err := timeView(c)
	if err != nil {
		return 0, nil, err
	}
	d, err := h.Knowledge.EntityAt(c.Request.Context(), h.tenant(c), id, view)
	return http.StatusOK, d, err
}

func (h *api) entityHistory(c *gin.Context) (int, any, error) {
	id, err := entityID(c)
	if err != nil {
		return 0, nil, err
	}
	limit, err := intParam(c, "limit", ontology.DefaultHistoryLimit, 1, 1000)
	if err != nil {
		return 0, nil, err
	}
	view, err := timeView(c)
	if err != nil {
		return 0, nil, err
	}
	ds, err := h.Knowledge.EntityHistoryAt(c.Request.Context(), h.tenant(c), id, limit, view)
	return http.StatusOK, gin.H{"entity_id": id, "decisions": ds}, err
}

// graphQuery reads what the graph reads share: conversation_id, the hop
// and result bounds (hopsName, with its default and maximum), kinds,
// as_of and known_at, and resolves the entities the ends parameters name
// into From (and To) of the query.
func (h *api) graphQuery(c *gin.Context, hopsName string, hopsDef, hopsMax, limitDef, limitMax int, ends ...string) (ontology.GraphQuery, error) {
	conv, err := ontology.OptionalConversation(c.Query("conversation_id"))
	if err != nil {
		return ontology.GraphQuery{}, err
	}
	q := ontology.GraphQuery{Tenant: h.tenant(c)}
	if q.Hops, err = intParam(c, hopsName, hopsDef, 1, hopsMax); err != nil {
		return q, err
	}
	if q.Limit, err = intParam(c, "limit", limitDef, 1, limitMax); err != nil {
		return q, err
	}
	q.Kinds = c.Query("kinds")
	if err := ontology.ValidKinds(q.Kinds); err != nil {
		return q, err
	}
	if q.TimeView, err = timeView(c); err != nil {
		return q, err
	}
	ids := []*string{&q.From, &q.To}
	for i, name := range ends {
		v, err := lookupParam(c, name, true)
		if err != nil {
			return q, err
		}
		if *ids[i], err = h.Knowledge.ResolveEntity(c.Request.Context(), q.Tenant, conv, v); err != nil {
			return q, err
		}
	}
	return q, nil
}

func (h *api) neighbourhood(c *gin.Context) (int, any, error) {
	q, err := h.graphQuery(c, "hops", 1, ontology.MaxHops, 50, ontology.MaxNeighbourhood, "entity")
	if err != nil {
		return 0, nil, err
	}
	n, err := h.Knowledge.GraphNeighbourhood(c.Request.Context(), q)
	return http.StatusOK, n, err
}

func (h *api) paths(c *gin.Context) (int, any, error) {
	q, err := h.graphQuery(c, "max_hops", ontology.DefaultPathHops, ontology.MaxPathHops, ontology.MaxPaths, ontology.MaxPaths, "from", "to")
	if err != nil {
		return 0, nil, err
	}
	ps, err := h.Knowledge.GraphPaths(c.Request.Context(), q)
	return http.StatusOK, gin.H{"from_id": q.From, "to_id": q.To, "paths": ps}, err
}
