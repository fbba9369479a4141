# Public development settings for the `flask` command (committed; secrets go in .env).
FLASK_APP=pbem
FLASK_RUN_HOST=127.0.0.1
FLASK_RUN_PORT=5000
