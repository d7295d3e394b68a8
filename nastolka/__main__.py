from nastolka.cli.main import main

main()
