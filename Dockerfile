# Loci for Docker users (docker-compose.yml). Our own machines run the same
# binary through `make run` against a Neo4j fetched from Maven Central.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -o /out/loci ./cmd/loci

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 loci
COPY --from=build /out/loci /usr/local/bin/loci
USER loci
ENV LOCI_ADDR=0.0.0.0:8080
EXPOSE 8080
ENTRYPOINT ["loci"]
CMD ["serve"]
