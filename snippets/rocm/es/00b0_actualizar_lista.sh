sudo apt update
