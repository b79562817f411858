#!/bin/bash
# Run once by the postgres image when it initialises an empty data directory: lets a standby on
# the compose network stream from this server (password auth, the image's default user).
set -e
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
