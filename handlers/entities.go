package handlers

import (
	"context"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// Knowledge reads the knowledge graph (entities, profiles, relations).
type Knowledge interface {
	ontology.KnowledgeStore
	// ResolveEntity returns the id of the entity nameOrID names: an entity
	// id of the tenant, or a name or alias within conversation.
	ResolveEntity(ctx context.Context, tenant, conversation, nameOrID string) (string, error)
}

// maxNameParam bounds the q, from, to and entity query parameters.
const maxNameParam = 200

// intParam reads an optional integer query parameter within [lo, hi].
func intParam(c *gin.Context, name string, def, lo, hi int) (int, error) {
	s := c.Query(name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < lo || v > hi {
		return 0, ontology.Errorf(ontology.EValidation, "%s must be an integer from %d to %d, got %q", name, lo, hi, s)
	}
	return v, nil
}

// textParam reads an optional text query parameter, checked like any user
// text (valid UTF-8, no control characters, bounded).
func textParam(c *gin.Context, name string, required bool) (string, error) {
	s := c.Query(name)
	if s == "" {
		if required {
			return "", ontology.Errorf(ontology.EValidation, "query parameter %s is required", name)
		}
		return "", nil
	}
	if err := ontology.ValidateName(name, s, maxNameParam); err != nil {
		return "", err
	}
	return s, nil
}

func (h *api) optionalConversation(c *gin.Context) (string, error) {
	conv := c.Query("conversation_id")
	if conv == "" {
		return "", nil
	}
	if err := ontology.ValidateName("conversation_id", conv, ontology.MaxIDBytes); err != nil {
		return "", err
	}
	return conv, nil
}

func (h *api) listEntities(c *gin.Context) {
	conv, err := h.optionalConversation(c)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	q, err := textParam(c, "q", false)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	limit, err := intParam(c, "limit", ontology.DefaultEntityLimit, 1, ontology.MaxEntityResults)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	typ := ontology.EntityType(c.Query("type"))
	if typ != "" && !typ.Valid() {
		writeError(c, h.Log, ontology.Errorf(ontology.EValidation, "type must be one of %v, got %q", ontology.EntityTypes, typ))
		return
	}
	ents, err := h.Knowledge.Entities(c.Request.Context(), ontology.EntityQuery{Tenant: h.tenant(c), Conversation: conv, Text: q, Type: typ, Limit: limit})
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"entities": ents})
}

func (h *api) entityID(c *gin.Context) (string, bool) {
	id := c.Param("entity_id")
	if err := ontology.ValidateName("entity id", id, ontology.MaxIDBytes); err != nil {
		writeError(c, h.Log, err)
		return "", false
	}
	return id, true
}

func (h *api) getEntity(c *gin.Context) {
	id, ok := h.entityID(c)
	if !ok {
		return
	}
	d, err := h.Knowledge.Entity(c.Request.Context(), h.tenant(c), id)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, d)
}

func (h *api) entityHistory(c *gin.Context) {
	id, ok := h.entityID(c)
	if !ok {
		return
	}
	limit, err := intParam(c, "limit", ontology.DefaultHistoryLimit, 1, 1000)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	ds, err := h.Knowledge.EntityHistory(c.Request.Context(), h.tenant(c), id, limit)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"entity_id": id, "decisions": ds})
}

// resolveParam turns an id-or-name query parameter into an entity id.
func (h *api) resolveParam(c *gin.Context, name, conv string) (string, error) {
	v, err := textParam(c, name, true)
	if err != nil {
		return "", err
	}
	return h.Knowledge.ResolveEntity(c.Request.Context(), h.tenant(c), conv, v)
}

func (h *api) neighbourhood(c *gin.Context) {
	conv, err := h.optionalConversation(c)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	hops, err := intParam(c, "hops", 1, 1, ontology.MaxHops)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	limit, err := intParam(c, "limit", 50, 1, ontology.MaxNeighbourhood)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	id, err := h.resolveParam(c, "entity", conv)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	n, err := h.Knowledge.Neighbourhood(c.Request.Context(), h.tenant(c), id, hops, limit)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, n)
}

func (h *api) paths(c *gin.Context) {
	conv, err := h.optionalConversation(c)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	maxHops, err := intParam(c, "max_hops", ontology.DefaultPathHops, 1, ontology.MaxPathHops)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	limit, err := intParam(c, "limit", ontology.MaxPaths, 1, ontology.MaxPaths)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	from, err := h.resolveParam(c, "from", conv)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	to, err := h.resolveParam(c, "to", conv)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	ps, err := h.Knowledge.Paths(c.Request.Context(), h.tenant(c), from, to, maxHops, limit)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	render(c, h.Log, http.StatusOK, gin.H{"from_id": from, "to_id": to, "paths": ps})
}
