# shellfence in a container: the static binary alone, FROM scratch.
#
#   docker build --build-arg VERSION=$(git describe --tags --always) -t shellfence .
#   docker run --rm -p 8080:8080 -e SHELLFENCE_TOKEN=... -v "$PWD:/workspace" shellfence
#
# The image has no shell, no libc and no other program: every command a
# client runs is built into /shellfence. It runs as the numeric user
# 65532 in /workspace (mount the workspace there, writable by that user)
# and serves streamable HTTP on :8080 with JSON logs; /healthz and
# /readyz answer without the token.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=
ARG COMMIT=
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false \
      -ldflags "-s -w -buildid= -X main.buildVersion=${VERSION} -X main.buildCommit=${COMMIT}" \
      -o /out/shellfence ./cmd/shellfence \
 && mkdir /out/workspace

FROM scratch
COPY --from=build /out/shellfence /shellfence
COPY --from=build --chown=65532:65532 /out/workspace /workspace
USER 65532:65532
WORKDIR /workspace
EXPOSE 8080
ENTRYPOINT ["/shellfence"]
CMD ["serve", "--http", ":8080", "--log-format", "json"]
