sudo usermod -aG render,video "$USER"
