module umax

go 1.26
